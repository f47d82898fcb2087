import { parseSchemaFlags } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from './algorithm-registry';
import { resolveTrainConfig } from './resolve-train-config';
import { TRAIN_FLAG_ALIASES, trainFlags } from './train-flags';

const parse = (argv: string[]) =>
  parseSchemaFlags(argv, { flags: trainFlags(), aliases: TRAIN_FLAG_ALIASES, command: 'rlver-train' });

describe('trainFlags', () => {
  it('should generate a flag for every field of every registered algorithm block, once per name', () => {
    const names = trainFlags().map((flag) => flag.name);
    expect(new Set(names).size).toBe(names.length);
    for (const descriptor of ALGORITHMS) {
      const shape = (descriptor.configSchema as unknown as { shape: Record<string, unknown> }).shape;
      for (const field of Object.keys(shape)) {
        expect(names, `${descriptor.id}.${field}`).toContain(
          `algorithm.${field.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`,
        );
      }
    }
    expect(names).toEqual(expect.arrayContaining(['steps', 'seed', 'think', 'base-url', 'report-to', 'algo']));
  });

  it('should carry a flag value into the config, and name the flag as typed when the value is bad', () => {
    const parsed = parse([
      '--preset',
      'embedded',
      '--algo',
      'rloo',
      '--algorithm.learning_rate',
      '0.002',
      '--steps',
      '3',
      '--no-eval',
    ]);
    const config = resolveTrainConfig(parsed);
    expect(config).toMatchObject({ algo: 'rloo', steps: 3, evaluate: false, algorithm: { learningRate: 0.002 } });
    const bad = parse(['--algorithm.learningRate', '-1']);
    expect(() => resolveTrainConfig(bad)).toThrow(InvalidConfigError);
    expect(() => resolveTrainConfig(bad)).toThrow(/--algorithm\.learningRate: Too small/);
  });

  it('should keep the short endpoint flags as aliases of the generated ones', () => {
    const parsed = parse(['--timeout-ms', '5000', '--simulator-max-retries', '1']);
    expect(parsed.overrides).toEqual({ simulatorEndpoint: { timeoutMs: 5000, maxRetries: 1 } });
    expect(parsed.flagNames.get('simulatorEndpoint.timeoutMs')).toBe('--timeout-ms');
  });
});
