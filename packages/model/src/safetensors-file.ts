import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { InvalidInputError } from '@rlver/spec';
import { decodeInto, parseSafetensorsHeader, type SafetensorsEntry } from './safetensors';

/** Bytes read from the file per call: a tensor is decoded chunk by chunk, never held whole as bytes. */
const CHUNK_BYTES = 16 * 2 ** 20;

/**
 * A safetensors file opened for reading tensor by tensor: only the header is read at open; `readInto`
 * reads one tensor's bytes in 16 MiB chunks and decodes them (F32, F16, BF16) straight into a float32
 * buffer. So a checkpoint of any size loads without holding its bytes, or a float32 copy of every tensor,
 * in memory at once. Call `close()` when done.
 */
export class SafetensorsFile {
  readonly path: string;
  readonly entries: ReadonlyMap<string, SafetensorsEntry>;
  private descriptor: number;
  private chunk: Uint8Array | undefined;

  private constructor(path: string, descriptor: number, entries: SafetensorsEntry[]) {
    this.path = path;
    this.descriptor = descriptor;
    this.entries = new Map(entries.map((entry) => [entry.name, entry]));
  }

  /** Open `path` and parse its header (errors name the file and what is wrong, as `readSafetensors`). */
  static open(path: string): SafetensorsFile {
    let descriptor: number;
    try {
      descriptor = openSync(path, 'r');
    } catch (error) {
      throw new InvalidInputError({
        file: path,
        message: 'cannot be read (expected safetensors weights).',
        cause: error,
      });
    }
    try {
      const fileBytes = fstatSync(descriptor).size;
      let head = readRange(descriptor, 0, Math.min(fileBytes, 65_536));
      let parsed = parseSafetensorsHeader(head, fileBytes, path);
      if ('needed' in parsed) {
        head = readRange(descriptor, 0, parsed.needed);
        parsed = parseSafetensorsHeader(head, fileBytes, path);
      }
      if (!('entries' in parsed)) throw new InvalidInputError({ file: path, message: 'the header could not be read.' });
      return new SafetensorsFile(path, descriptor, parsed.entries);
    } catch (error) {
      closeSync(descriptor);
      throw error;
    }
  }

  /** Where tensor `name`'s bytes lie (for `readTensorsInParallel`), or undefined when the file lacks it. */
  locate(name: string): { path: string; dtype: SafetensorsEntry['dtype']; begin: number; end: number } | undefined {
    const entry = this.entries.get(name);
    return entry && { path: this.path, dtype: entry.dtype, begin: entry.begin, end: entry.end };
  }

  /** Decode tensor `name` into `out` from element `offset`. */
  readInto(name: string, out: Float32Array, offset = 0): void {
    const entry = this.entries.get(name);
    if (!entry) throw new InvalidInputError({ file: this.path, message: `tensor "${name}" is missing.` });
    const width = entry.dtype === 'F32' ? 4 : 2;
    this.chunk ??= new Uint8Array(CHUNK_BYTES);
    let element = 0;
    for (let position = entry.begin; position < entry.end; ) {
      const bytes = Math.min(CHUNK_BYTES, entry.end - position);
      const read = readSync(this.descriptor, this.chunk, 0, bytes, position);
      if (read !== bytes) {
        throw new InvalidInputError({
          file: this.path,
          message: `file ends early at byte ${position + read}; fetch the file again`,
        });
      }
      decodeInto(this.chunk.subarray(0, bytes), entry.dtype, bytes / width, out, offset + element);
      element += bytes / width;
      position += bytes;
    }
  }

  close(): void {
    if (this.descriptor >= 0) closeSync(this.descriptor);
    this.descriptor = -1;
    this.chunk = undefined;
  }
}

function readRange(descriptor: number, position: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const read = readSync(descriptor, bytes, 0, length, position);
  return bytes.subarray(0, read);
}
