import { appendFileSync } from 'node:fs';

// W&B's transaction log (`run-<id>.wandb`): a 7-byte file header, then the LevelDB log format
// (github.com/google/leveldb doc/log_format.md) in 32 KiB blocks counted from the start of the file, with one
// W&B change: each chunk's checksum is the CRC-32 (IEEE, as zlib computes it) of its type byte and data, unmasked.

/** `:W&B`, magic 0xBEE1 (little-endian), version 0. */
export const WANDB_LOG_HEADER = Uint8Array.from([0x3a, 0x57, 0x26, 0x42, 0xe1, 0xbe, 0x00]);
/** Block size of the log. */
export const WANDB_LOG_BLOCK_LENGTH = 32768;
/** Bytes of a chunk header: checksum (uint32), length (uint16), type (uint8). */
const CHUNK_HEADER_LENGTH = 7;
const FULL = 1;
const FIRST = 2;
const MIDDLE = 3;
const LAST = 4;

const table = new Uint32Array(256);
for (let index = 0; index < 256; index += 1) {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ 0xedb88320 : value >>> 1;
  table[index] = value >>> 0;
}

/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib's `crc32`) of `bytes`. */
export function crc32(bytes: Uint8Array, seed = 0): number {
  let crc = (seed ^ 0xffffffff) >>> 0;
  for (const byte of bytes) crc = (table[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Frame `record` as the chunks the log stores at byte `offset` of the file (FULL, or FIRST/MIDDLE…/LAST across
 * block ends; a block tail under 7 bytes is zero-padded). Returns the bytes to append.
 */
export function frameLogRecord(record: Uint8Array, offset: number): Uint8Array {
  const out: number[] = [];
  let position = offset;
  let rest = record;
  let first = true;
  for (;;) {
    const left = WANDB_LOG_BLOCK_LENGTH - (position % WANDB_LOG_BLOCK_LENGTH);
    if (left < CHUNK_HEADER_LENGTH) {
      out.push(...new Uint8Array(left));
      position += left;
      continue;
    }
    const room = left - CHUNK_HEADER_LENGTH;
    const data = rest.subarray(0, room);
    const last = data.length === rest.length;
    const type = first && last ? FULL : first ? FIRST : last ? LAST : MIDDLE;
    const header = new Uint8Array(CHUNK_HEADER_LENGTH);
    const view = new DataView(header.buffer);
    view.setUint32(0, crc32(data, crc32(Uint8Array.of(type))), true);
    view.setUint16(4, data.length, true);
    header[6] = type;
    out.push(...header, ...data);
    position += CHUNK_HEADER_LENGTH + data.length;
    rest = rest.subarray(data.length);
    first = false;
    if (last) return Uint8Array.from(out);
  }
}

/** Appends records to a `.wandb` log file, writing the file header first. Each append reaches the disk at once. */
export class WandbLogWriter {
  private offset = 0;

  constructor(private readonly file: string) {}

  /** Append one encoded `wandb_internal.Record`. */
  append(record: Uint8Array): void {
    if (this.offset === 0) {
      appendFileSync(this.file, WANDB_LOG_HEADER);
      this.offset = WANDB_LOG_HEADER.length;
    }
    const bytes = frameLogRecord(record, this.offset);
    appendFileSync(this.file, bytes);
    this.offset += bytes.length;
  }
}
