import { maskedCrc32c } from './crc32c';

// Field numbers from tensorflow/core/util/event.proto and tensorflow/core/framework/summary.proto.
// Event: wall_time = 1 (double), step = 2 (int64), file_version = 3 (string), summary = 5 (Summary).
// Summary: value = 1 (repeated Value). Summary.Value: tag = 1 (string), simple_value = 2 (float).
const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH_DELIMITED = 2;
const WIRE_FIXED32 = 5;

function fieldKey(field: number, wireType: number): number[] {
  return varint((field << 3) | wireType);
}

/** Base-128 varint of a non-negative integer below 2⁵³. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

function lengthDelimited(field: number, payload: Uint8Array): number[] {
  return [...fieldKey(field, WIRE_LENGTH_DELIMITED), ...varint(payload.length), ...payload];
}

function double(field: number, value: number): number[] {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value, true);
  return [...fieldKey(field, WIRE_FIXED64), ...bytes];
}

function float(field: number, value: number): number[] {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return [...fieldKey(field, WIRE_FIXED32), ...bytes];
}

const utf8 = new TextEncoder();

/** The first event of every file: `file_version: "brain.Event:2"`. */
export function encodeFileVersionEvent(wallTimeSeconds: number): Uint8Array {
  return Uint8Array.from([...double(1, wallTimeSeconds), ...lengthDelimited(3, utf8.encode('brain.Event:2'))]);
}

/** An `Event` holding one `Summary` with a `simple_value` (float32) per metric. */
export function encodeScalarsEvent(options: {
  wallTimeSeconds: number;
  step: number;
  scalars: ReadonlyArray<readonly [tag: string, value: number]>;
}): Uint8Array {
  const summary: number[] = [];
  for (const [tag, value] of options.scalars) {
    const summaryValue = Uint8Array.from([...lengthDelimited(1, utf8.encode(tag)), ...float(2, value)]);
    summary.push(...lengthDelimited(1, summaryValue));
  }
  return Uint8Array.from([
    ...double(1, options.wallTimeSeconds),
    ...fieldKey(2, WIRE_VARINT),
    ...varint(options.step),
    ...lengthDelimited(5, Uint8Array.from(summary)),
  ]);
}

/**
 * TFRecord framing of one record: length (uint64 little-endian), masked CRC-32C of the length, the data, masked
 * CRC-32C of the data.
 */
export function frameRecord(data: Uint8Array): Uint8Array {
  const record = new Uint8Array(8 + 4 + data.length + 4);
  const view = new DataView(record.buffer);
  view.setBigUint64(0, BigInt(data.length), true);
  view.setUint32(8, maskedCrc32c(record.subarray(0, 8)), true);
  record.set(data, 12);
  view.setUint32(12 + data.length, maskedCrc32c(data), true);
  return record;
}
