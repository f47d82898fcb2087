import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTrainConfig } from './resolve-train-config';

function writeConfig(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rlver-report-to-')), 'train.yaml');
  writeFileSync(file, text);
  return file;
}

describe('resolveTrainConfig reportTo', () => {
  it('should default to no tracker and read a comma list or a YAML list', () => {
    expect(resolveTrainConfig().reportTo).toEqual([]);
    expect(resolveTrainConfig({ overrides: { reportTo: 'tensorboard,mlflow' } }).reportTo).toEqual([
      'tensorboard',
      'mlflow',
    ]);
    const file = writeConfig('steps: 2\nreportTo:\n  - mlflow\n');
    expect(resolveTrainConfig({ configFile: file }).reportTo).toEqual(['mlflow']);
  });

  it('should name the flag or the file line of an unknown backend', () => {
    expect(() =>
      resolveTrainConfig({ overrides: { reportTo: 'tensorbord' }, flagNames: new Map([['reportTo', '--report-to']]) }),
    ).toThrow(/--report-to: "tensorbord" is not a tracking backend; use a comma list of tensorboard, mlflow/);
    const file = writeConfig('steps: 2\nreportTo: trackio\n');
    expect(() => resolveTrainConfig({ configFile: file })).toThrow(/train\.yaml line 2: field "reportTo": "trackio"/);
  });
});
