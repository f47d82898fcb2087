import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import { formatLeaderboardTable, leaderboardJson } from './format-leaderboard';
import { importLeaderboard, modelNameOf } from './import-leaderboard';

/** A synthetic SAGE result line (our own text). */
function sageLine(id: string, emotion: number, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id,
    emo_point: emotion,
    emo_state: emotion >= 100 ? 'Emotion-S' : emotion < 10 ? 'Emotion-F' : 'Emotion-B',
    target: 'eq',
    player: 'A retired tram driver who loves chess.',
    scene: 'He argued with his neighbour about a fence.',
    character: 'passive',
    topic: '',
    task: 'wants to be heard',
    history: [{ role: 'user', content: 'Hello there.', 'emotion-point': emotion }],
    ...extra,
  });
}

function writeResultFile(path: string, finals: readonly number[]): void {
  writeFileSync(path, `${finals.map((value, index) => sageLine(`p${index}`, value)).join('\n')}\n`);
}

function fixtureDirectory(): string {
  const root = mkdtempSync(join(tmpdir(), 'bench-leaderboard-'));
  mkdirSync(join(root, 'agent-a'));
  mkdirSync(join(root, 'agent-b'));
  // 100 profiles summing to 3755 (37.55 → 37.6) and 2895 (28.95 → 29.0).
  writeResultFile(join(root, 'agent-a', 'model-x.jsonl'), [...Array(98).fill(37), 100, 3755 - 37 * 98 - 100]);
  writeResultFile(join(root, 'agent-a', 'model-y_result.jsonl'), [
    ...Array(96).fill(28),
    100,
    5,
    51,
    2895 - 28 * 96 - 156,
  ]);
  writeResultFile(join(root, 'agent-b', 'model-x.jsonl'), [100, 100, 0, 50]);
  return root;
}

describe('importLeaderboard', () => {
  it('should score every file with half-up rounding and name models by path and stem', () => {
    const rows = importLeaderboard(fixtureDirectory());
    expect(rows.map((row) => [row.model, row.name, row.score, row.success, row.failure, row.profiles])).toEqual([
      ['agent-b/model-x', 'model-x', 62.5, 2, 1, 4],
      ['agent-a/model-x', 'model-x', 37.6, 1, 0, 100],
      ['agent-a/model-y', 'model-y', 29, 1, 1, 100],
    ]);
  });

  it('should exclude records marked as errors and count them', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-leaderboard-'));
    writeFileSync(
      join(root, 'm.jsonl'),
      [sageLine('a', 80), sageLine('b', 5, { stopReason: 'error', error: { message: 'boom' } })].join('\n'),
    );
    const [row] = importLeaderboard(root);
    expect(row).toMatchObject({ model: 'm', score: 80, failure: 0, profiles: 1, excluded: 1 });
  });

  it('should read our trajectory files and score repeats as mean ± std', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-leaderboard-'));
    mkdirSync(join(root, 'run-1'));
    const lines = [
      syntheticTrajectory({
        profileId: 'a',
        turns: [{ reply: 'hi', emotion: 60 }],
        stopReason: 'max_turns',
        repeat: 0,
      }),
      syntheticTrajectory({
        profileId: 'a',
        turns: [{ reply: 'hi', emotion: 80 }],
        stopReason: 'max_turns',
        repeat: 1,
      }),
    ];
    writeFileSync(join(root, 'run-1', 'results.jsonl'), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    writeFileSync(join(root, 'run-1', 'sage-results.jsonl'), 'not read\n');
    const [row] = importLeaderboard(root);
    expect(row).toMatchObject({ model: 'run-1', format: 'trajectory', score: 70, repeats: 2 });
    expect(row?.scoreStd).toBeCloseTo(14.14, 2);
  });

  it('should name the file and line of a malformed record', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-leaderboard-'));
    writeFileSync(join(root, 'broken.jsonl'), `${sageLine('a', 50)}\n{"id": "b", "emo_point": "high"}\n`);
    expect(() => importLeaderboard(root)).toThrow(/broken\.jsonl, line 2.*emo_point/);
  });

  it('should refuse a directory without result files', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-leaderboard-'));
    expect(() => importLeaderboard(root)).toThrow(InvalidInputError);
    expect(() => importLeaderboard(join(root, 'missing'))).toThrow(/not found/);
  });
});

describe('modelNameOf', () => {
  it('should strip .jsonl and the _result suffix of SAGE repository names', () => {
    expect(modelNameOf('/r/deepseek-v3/claude3.7.jsonl', '/r')).toEqual({
      model: 'deepseek-v3/claude3.7',
      name: 'claude3.7',
    });
    expect(modelNameOf('/r/gpt-4o_result.jsonl', '/r')).toEqual({ model: 'gpt-4o', name: 'gpt-4o' });
  });
});

describe('formatLeaderboardTable', () => {
  it('should print one aligned row per model with one decimal', () => {
    const table = formatLeaderboardTable(importLeaderboard(fixtureDirectory()));
    const lines = table.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^#\s+Model\s+Score\s+Success\s+Failure/);
    expect(lines[3]).toMatch(/^2\s+agent-a\/model-x\s+37\.6\s+1\s+0\s+100\s+0$/);
    expect(lines[4]).toMatch(/agent-a\/model-y\s+29\.0\s/);
  });
});

describe('leaderboardJson', () => {
  it('should print {"rows": [...]} with model, score, success and failure', () => {
    const parsed = JSON.parse(leaderboardJson(importLeaderboard(fixtureDirectory()))) as {
      rows: Array<{ model: string; score: number; success: number; failure: number }>;
    };
    expect(parsed.rows[1]).toMatchObject({ model: 'agent-a/model-x', score: 37.6, success: 1, failure: 0 });
  });
});
