import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatResolvedConfig } from './format-resolved-config';
import { resolveTrainConfig } from './resolve-train-config';

describe('formatResolvedConfig', () => {
  it('should print valid YAML equal to the config, naming the flag, file line, preset or derivation of each value', () => {
    const configFile = join(mkdtempSync(join(tmpdir(), 'rlver-print-config-')), 'train.yaml');
    writeFileSync(configFile, 'steps: 7\nsampling:\n  temperature: 0.3\n');
    const flagNames = new Map([
      ['algo', '--algo'],
      ['policy', '--policy'],
      ['preset', '--preset'],
    ]);
    const overrides = { preset: 'rlver-ppo', algo: 'grpo', policy: './my-model' };
    const config = resolveTrainConfig({ configFile, overrides, flagNames });
    const text = formatResolvedConfig(config, { configFile, flagNames });

    expect(parse(text)).toEqual(JSON.parse(JSON.stringify(config)));
    const sourceOf = (key: string) => text.split('\n').find((line) => line.trimStart().startsWith(`${key}:`));
    expect(sourceOf('steps')).toBe(`steps: 7  # ${configFile} line 1`);
    expect(sourceOf('temperature')).toBe(`  temperature: 0.3  # ${configFile} line 3`);
    expect(sourceOf('topP')).toBe('  topP: 1  # preset rlver-ppo');
    expect(sourceOf('algo')).toBe('algo: "grpo"  # --algo');
    expect(sourceOf('preset')).toBe('preset: "rlver-ppo"  # --preset');
    // GRPO on the PPO preset sets groups of 4 from the algorithm, not from the preset.
    expect(sourceOf('groupSize')).toBe('groupSize: 4  # derived');
    expect(sourceOf('reportTo')).toBe('reportTo: []  # preset rlver-ppo');
  });
});
