import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { afterEach, describe, expect, it } from 'vitest';
import { crc32c, maskedCrc32c } from './crc32c';
import { createTensorBoardTracker } from './create-tensorboard-tracker';

// An independent reader: CRC-32C from the `crc-32` package, protobuf decoding by protobufjs from the field
// numbers of tensorflow/core/util/event.proto and framework/summary.proto (not from our encoder).
const require = createRequire(import.meta.url);
const referenceCrc32c = require('crc-32/crc32c') as { buf(data: Uint8Array): number };
const root = protobuf.Root.fromJSON({
  nested: {
    SummaryValue: { fields: { tag: { type: 'string', id: 1 }, simpleValue: { type: 'float', id: 2 } } },
    Summary: { fields: { value: { rule: 'repeated', type: 'SummaryValue', id: 1 } } },
    Event: {
      fields: {
        wallTime: { type: 'double', id: 1 },
        step: { type: 'int64', id: 2 },
        fileVersion: { type: 'string', id: 3 },
        summary: { type: 'Summary', id: 5 },
      },
    },
  },
});
const EventType = root.lookupType('Event');

interface DecodedEvent {
  wallTime: number;
  step: number;
  fileVersion?: string;
  summary?: { value: { tag: string; simpleValue: number }[] };
}

/** Masked CRC as the TFRecord docs write it: ((crc >> 15) | (crc << 17)) + 0xa282ead8, in 32 bits. */
function referenceMask(bytes: Uint8Array): number {
  const crc = BigInt(referenceCrc32c.buf(bytes) >>> 0);
  const rotated = ((crc >> 15n) | (crc << 17n)) & 0xffffffffn;
  return Number((rotated + 0xa282ead8n) & 0xffffffffn);
}

function readEventFile(file: string): DecodedEvent[] {
  const bytes = new Uint8Array(readFileSync(file));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const events: DecodedEvent[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const length = Number(view.getBigUint64(offset, true));
    expect(view.getUint32(offset + 8, true)).toBe(referenceMask(bytes.subarray(offset, offset + 8)));
    const data = bytes.subarray(offset + 12, offset + 12 + length);
    expect(view.getUint32(offset + 12 + length, true)).toBe(referenceMask(data));
    const event = EventType.toObject(EventType.decode(data), { longs: Number, defaults: true }) as DecodedEvent;
    events.push(event);
    offset += 12 + length + 4;
  }
  expect(offset).toBe(bytes.length);
  return events;
}

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
