import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readWandbLog } from '../test/read-wandb-run';
import { createWandbTracker } from './create-wandb-tracker';
import { crc32, frameLogRecord, WANDB_LOG_BLOCK_LENGTH } from './leveldb-log';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rlver-wandb-'));
  folders.push(folder);
  return folder;
}

describe('crc32', () => {
  it('should match the IEEE check value and continue from a seed as zlib does', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes.subarray(4), crc32(bytes.subarray(0, 4)))).toBe(0xcbf43926);
  });
});

describe('frameLogRecord', () => {
  it('should split a record across block ends and zero-pad a tail shorter than a chunk header', () => {
    const record = new Uint8Array(40000).fill(7);
    const framed = frameLogRecord(record, 7);
    // FIRST chunk fills block 0 (7 header bytes already used), LAST chunk holds the rest.
    expect(framed[6]).toBe(2);
    const firstData = WANDB_LOG_BLOCK_LENGTH - 7 - 7;
    expect(framed[7 + firstData + 6]).toBe(4);
    expect(framed.length).toBe(7 + firstData + 7 + (40000 - firstData));
    const padded = frameLogRecord(Uint8Array.of(1), WANDB_LOG_BLOCK_LENGTH - 3);
    expect([...padded.subarray(0, 3)]).toEqual([0, 0, 0]);
    expect(padded[3 + 6]).toBe(1);
  });
});

describe('createWandbTracker', () => {
  it('should write an offline run whose records an independent reader decodes, across many blocks', async () => {
    const directory = tempFolder();
    let clock = Date.UTC(2026, 10, 26, 1, 2, 3, 500);
    const tracker = createWandbTracker({
      directory,
      runName: 'embedded-grpo-s0',
      env: { WANDB_RUN_ID: 'abc12345', WANDB_PROJECT: 'empathy', WANDB_TAGS: 'grpo, smoke' },
      now: () => clock,
      host: 'box',
    });
    await tracker.doLogConfig({ config: { algo: 'grpo', grpo: { groupSize: 4 } } });
    for (let step = 0; step < 1500; step += 1) {
      clock += 1000;
      await tracker.doLogMetrics({
        step,
        metrics: { 'rollout/emotion_final': 40 + step / 100, 'loss/kl': Number.NaN },
      });
    }
    await tracker.doLogMetrics({ step: 3, metrics: { 'rollout/emotion_final': 1 } }); // a replayed step: skipped
    await tracker.doFinish({ status: 'interrupted' });

    const runFolder = join(directory, 'offline-run-20261126_010203-abc12345');
    expect(readdirSync(directory)).toEqual(['offline-run-20261126_010203-abc12345']);
    expect(tracker.location).toContain(`wandb sync ${runFolder}`);
    const records = readWandbLog(join(runFolder, 'run-abc12345.wandb'));
    expect(readFileSync(join(runFolder, 'run-abc12345.wandb')).length).toBeGreaterThan(4 * WANDB_LOG_BLOCK_LENGTH);
    expect(records.map((record) => record.num)).toEqual(records.map((_, index) => index + 1));
    expect(records[0]?.header?.versionInfo.producer).toBe('rlver-tracking');
    expect(records[1]?.run).toMatchObject({
      runId: 'abc12345',
      project: 'empathy',
      displayName: 'embedded-grpo-s0',
      tags: ['grpo', 'smoke'],
      host: 'box',
      startTime: { seconds: Date.UTC(2026, 10, 26, 1, 2, 3) / 1000, nanos: 500_000_000 },
    });
    expect(records[2]?.config?.update).toEqual([
      { key: 'algo', valueJson: '"grpo"' },
      { key: 'grpo', valueJson: '{"groupSize":4}' },
    ]);
    const history = records.filter((record) => record.history);
    expect(history).toHaveLength(1500);
    const last = history[1499]?.history;
    expect(last?.step?.num).toBe(1499);
    const values = Object.fromEntries((last?.item ?? []).map((entry) => [entry.key, entry.valueJson]));
    expect(values).toMatchObject({
      'rollout/emotion_final': '54.99',
      'loss/kl': 'NaN',
      _step: '1499',
      _runtime: '1500',
    });
    const tail = records.slice(-3);
    expect(tail[0]?.summary?.update).toContainEqual({ key: 'rollout/emotion_final', valueJson: '54.99' });
    expect(tail[1]?.exit).toEqual({ exitCode: 255, runtime: 1500 });
    expect(tail[2]?.final).toEqual({});
    expect(JSON.parse(readFileSync(join(runFolder, 'files', 'wandb-summary.json'), 'utf8'))).toMatchObject({
      'rollout/emotion_final': 54.99,
    });
  });

  it('should refuse a WANDB_RUN_ID that W&B would reject, naming the variable', () => {
    expect(() => createWandbTracker({ directory: tempFolder(), runName: 'r', env: { WANDB_RUN_ID: 'a/b' } })).toThrow(
      /WANDB_RUN_ID "a\/b" is not a W&B run id/,
    );
  });
});
