import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEventFile, referenceCrc32c, referenceMask } from '../test/read-tensorboard-events';
import { crc32c, maskedCrc32c } from './crc32c';
import { createTensorBoardTracker } from './create-tensorboard-tracker';

const pythonHasTensorBoard =
  spawnSync('python3', ['-c', 'import tensorboard'], { encoding: 'utf8', timeout: 60_000 }).status === 0;
const skipReason = pythonHasTensorBoard ? '' : ' [skipped: python3 cannot import tensorboard; pip install tensorboard]';

describe('crc32c', () => {
  it('should match the CRC-32C check value and the crc-32 package on random bytes', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    let state = 7;
    for (let length = 0; length < 300; length += 37) {
      const bytes = Uint8Array.from({ length }, () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state & 0xff;
      });
      expect(crc32c(bytes)).toBe(referenceCrc32c.buf(bytes) >>> 0);
      expect(maskedCrc32c(bytes)).toBe(referenceMask(bytes));
    }
  });
});

describe('createTensorBoardTracker', () => {
  const folders: string[] = [];
  const freshFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'rlver-tensorboard-'));
    folders.push(folder);
    return join(folder, 'tensorboard');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const steps = [
    { 'rollout/emotion_final': 41.25, 'grpo/reward_std': 0.1, 'train/update_skipped': 0 },
    { 'rollout/emotion_final': 57.5, 'grpo/reward_std': 0.3, 'train/update_skipped': 1 },
    { 'rollout/emotion_final': 63.75, 'grpo/reward_std': 0.2, 'train/update_skipped': 0 },
  ];

  async function writeRun(directory: string) {
    let clock = 1_790_000_000_000;
    const tracker = createTensorBoardTracker({ directory, now: () => clock, host: 'test-host' });
    await tracker.doLogConfig({ config: { algo: 'grpo' } });
    for (const [step, metrics] of steps.entries()) {
      clock += 1500;
      await tracker.doLogMetrics({ step, metrics });
    }
    await tracker.doFinish({ status: 'finished' });
  }

  it('should write an event file whose CRCs, tags, steps and values an independent reader decodes', async () => {
    const directory = freshFolder();
    await writeRun(directory);
    const files = readdirSync(directory);
    expect(files).toEqual([`events.out.tfevents.1790000001.test-host.${process.pid}.0`]);
    const events = readEventFile(join(directory, files[0] as string));
    expect(events[0]?.fileVersion).toBe('brain.Event:2');
    expect(events[0]?.summary ?? undefined).toBeUndefined();
    const scalarEvents = events.slice(1);
    expect(scalarEvents.map((event) => event.step)).toEqual([0, 1, 2]);
    expect(scalarEvents.map((event) => event.wallTime)).toEqual([1_790_000_001.5, 1_790_000_003, 1_790_000_004.5]);
    for (const [index, event] of scalarEvents.entries()) {
      const values = Object.fromEntries(event.summary?.value.map((value) => [value.tag, value.simpleValue]) ?? []);
      const expected = Object.fromEntries(
        Object.entries(steps[index] as Record<string, number>).map(([tag, value]) => [tag, Math.fround(value)]),
      );
      expect(values).toEqual(expected);
    }
  });

  it(`should be read back by TensorBoard's own EventAccumulator${skipReason}`, async (context) => {
    if (!pythonHasTensorBoard) {
      console.warn('skipped: python3 cannot import tensorboard (pip install tensorboard to run this check)');
      expect(pythonHasTensorBoard).toBe(false);
      context.skip();
    }
    const directory = freshFolder();
    await writeRun(directory);
    const script = [
      'import json, sys',
      'from tensorboard.backend.event_processing.event_accumulator import EventAccumulator',
      'accumulator = EventAccumulator(sys.argv[1])',
      'accumulator.Reload()',
      "print(json.dumps({tag: [[event.step, event.value] for event in accumulator.Scalars(tag)] for tag in accumulator.Tags()['scalars']}))",
    ].join('\n');
    const result = spawnSync('python3', ['-c', script, directory], { encoding: 'utf8', timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    const scalars = JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as Record<string, number[][]>;
    expect(Object.keys(scalars).sort()).toEqual(Object.keys(steps[0] as object).sort());
    for (const tag of Object.keys(scalars)) {
      expect(scalars[tag]).toEqual(
        steps.map((metrics, step) => [step, Math.fround((metrics as Record<string, number>)[tag] as number)]),
      );
    }
  });
});
