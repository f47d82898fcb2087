import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import protobuf from 'protobufjs';

// An independent reader: CRC-32C from the `crc-32` package, protobuf decoding by protobufjs from the field
// numbers of tensorflow/core/util/event.proto and framework/summary.proto (not from our encoder).
const require = createRequire(import.meta.url);
export const referenceCrc32c = require('crc-32/crc32c') as { buf(data: Uint8Array): number };
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

export interface DecodedEvent {
  wallTime: number;
  step: number;
  fileVersion?: string;
  summary?: { value: { tag: string; simpleValue: number }[] };
}

/** Masked CRC as the TFRecord docs write it: ((crc >> 15) | (crc << 17)) + 0xa282ead8, in 32 bits. */
export function referenceMask(bytes: Uint8Array): number {
  const crc = BigInt(referenceCrc32c.buf(bytes) >>> 0);
  const rotated = ((crc >> 15n) | (crc << 17n)) & 0xffffffffn;
  return Number((rotated + 0xa282ead8n) & 0xffffffffn);
}

export function readEventFile(file: string): DecodedEvent[] {
  const bytes = new Uint8Array(readFileSync(file));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const events: DecodedEvent[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const length = Number(view.getBigUint64(offset, true));
    if (view.getUint32(offset + 8, true) !== referenceMask(bytes.subarray(offset, offset + 8)))
      throw new Error(`${file}: bad length CRC at byte ${offset}`);
    const data = bytes.subarray(offset + 12, offset + 12 + length);
    if (view.getUint32(offset + 12 + length, true) !== referenceMask(data))
      throw new Error(`${file}: bad data CRC at byte ${offset}`);
    const event = EventType.toObject(EventType.decode(data), { longs: Number, defaults: true }) as DecodedEvent;
    events.push(event);
    offset += 12 + length + 4;
  }
  if (offset !== bytes.length) throw new Error(`${file}: ${offset - bytes.length} bytes missing at the end`);
  return events;
}

/** Every scalar in the event files of `directory`: tag → [step, value] in file order. */
export function readTensorBoardScalars(directory: string): Record<string, [number, number][]> {
  const scalars: Record<string, [number, number][]> = {};
  for (const name of readdirSync(directory)
    .filter((file) => file.includes('tfevents'))
    .sort()) {
    for (const event of readEventFile(join(directory, name))) {
      for (const value of event.summary?.value ?? []) {
        scalars[value.tag] = [...(scalars[value.tag] ?? []), [event.step, value.simpleValue]];
      }
    }
  }
  return scalars;
}
