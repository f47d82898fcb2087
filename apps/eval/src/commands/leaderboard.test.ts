import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { leaderboardCommand } from './leaderboard';

function sageLine(id: string, emotion: number): string {
  return JSON.stringify({
    id,
    emo_point: emotion,
    emo_state: 'Emotion-B',
    history: [{ role: 'user', content: 'hi', 'emotion-point': emotion }],
  });
}

const output = captureOutput();

function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'eval-leaderboard-'));
  mkdirSync(join(root, 'agent'));
  writeFileSync(
    join(root, 'agent', 'model-a.jsonl'),
    [sageLine('1', 100), sageLine('2', 5), sageLine('3', 45)].join('\n'),
  );
  writeFileSync(join(root, 'model-b.jsonl'), [sageLine('1', 40), sageLine('2', 41)].join('\n'));
  return root;
}

describe('leaderboardCommand', () => {
  it('should print a table sorted by score', async () => {
    expect(await leaderboardCommand.run([fixture()])).toBe(0);
    const lines = output.stdout().trimEnd().split('\n');
    expect(lines[2]).toMatch(/^1\s+agent\/model-a\s+50\.0\s+1\s+1\s+3\s+0$/);
    expect(lines[3]).toMatch(/^2\s+model-b\s+40\.5\s+0\s+0\s+2\s+0$/);
  });

  it('should print {"rows": [...]} with --json', async () => {
    expect(await leaderboardCommand.run([fixture(), '--json'])).toBe(0);
    const parsed = JSON.parse(output.stdout()) as { rows: Array<Record<string, unknown>> };
    expect(parsed.rows.map((row) => [row.model, row.name, row.score, row.success, row.failure])).toEqual([
      ['agent/model-a', 'model-a', 50, 1, 1],
      ['model-b', 'model-b', 40.5, 0, 0],
    ]);
  });

  it('should ask for exactly one folder', async () => {
    await expect(leaderboardCommand.run([])).rejects.toThrow(InvalidConfigError);
  });
});
