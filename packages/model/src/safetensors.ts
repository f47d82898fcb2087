import type { NamedFloatTensor } from '@rlver/optim';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

export type SafetensorsDtype = 'F32' | 'F16' | 'BF16';

/** One tensor of a safetensors file, converted to float32 (the type lives in `@rlver/optim`: optimizer states share it). */
export type { NamedFloatTensor };

const entrySchema = z.object({
  dtype: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  data_offsets: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]),
});

const BYTES_PER_ELEMENT: Record<string, number> = { F32: 4, F16: 2, BF16: 2 };

/** IEEE half → float32. */
function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

let halfTable: Float32Array | undefined;

/** Every IEEE half's float32 value, indexed by its bits: decoding F16 is then one lookup per element. */
export function halfToFloatTable(): Float32Array {
  if (!halfTable) halfTable = Float32Array.from({ length: 65_536 }, (_, bits) => halfToFloat(bits));
  return halfTable;
}

/**
 * Decode `count` little-endian elements of `dtype` from `bytes` (any alignment) into `out` at `offset`.
 */
export function decodeInto(bytes: Uint8Array, dtype: string, count: number, out: Float32Array, offset = 0): void {
  if (dtype === 'F32') {
    new Uint8Array(out.buffer, out.byteOffset + offset * 4, count * 4).set(bytes.subarray(0, count * 4));
    return;
  }
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : new Uint8Array(bytes.subarray(0, count * 2));
  const halves = new Uint16Array(aligned.buffer, aligned.byteOffset, count);
  if (dtype === 'BF16') {
    const words = new Uint32Array(out.buffer, out.byteOffset + offset * 4, count);
    for (let index = 0; index < count; index += 1) words[index] = (halves[index] as number) << 16;
  } else {
    const table = halfToFloatTable();
    for (let index = 0; index < count; index += 1) out[offset + index] = table[halves[index] as number] as number;
  }
}

function decodeTensor(bytes: Uint8Array, dtype: string, count: number): Float32Array {
  const out = new Float32Array(count);
  decodeInto(bytes, dtype, count, out);
  return out;
}

/** Where one tensor of a safetensors file lies: dtype, shape and byte range from the start of the file. */
export interface SafetensorsEntry {
  name: string;
  dtype: SafetensorsDtype;
  shape: number[];
  /** Byte offsets from the start of the file (header included). */
  begin: number;
  end: number;
}

/**
 * Parse and check the header of a safetensors file of `fileBytes` bytes: `head` holds at least its first
 * 8 bytes, and the whole JSON header when `head` is long enough (else `needed` says how many bytes to
 * read). Every tensor's range must lie inside the file and match its dtype and shape.
 */
export function parseSafetensorsHeader(
  head: Uint8Array,
  fileBytes: number,
  source = 'model.safetensors',
): { needed: number } | { entries: SafetensorsEntry[] } {
  const fail = (message: string): never => {
    throw new InvalidInputError({ file: source, message });
  };
  const endsEarly = (expected: string): never =>
    fail(`file ends early at byte ${fileBytes} of ${expected} (truncated download or copy?); fetch the file again`);
  if (fileBytes < 8 || head.byteLength < 8) endsEarly('at least 8');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (headerLength > 100_000_000) fail(`header length ${headerLength} is not plausible: not a safetensors file.`);
  if (headerLength > fileBytes - 8) endsEarly(`at least ${8 + headerLength}`);
  if (head.byteLength < 8 + headerLength) return { needed: 8 + headerLength };
  const headerText = new TextDecoder().decode(head.subarray(8, 8 + headerLength));
  const header = safeParseJSON(headerText);
  if (!header.success || typeof header.value !== 'object' || header.value === null) {
    return fail('the JSON header is not an object.');
  }
  const dataStart = 8 + headerLength;
  // The data ends where the last tensor ends: a shorter file was cut (a download or copy that stopped).
  const dataEnd = Object.entries(header.value as Record<string, unknown>).reduce((end, [name, raw]) => {
    const entry = name === '__metadata__' ? undefined : entrySchema.safeParse(raw);
    return entry?.success ? Math.max(end, entry.data.data_offsets[1]) : end;
  }, 0);
  if (dataStart + dataEnd > fileBytes) endsEarly(String(dataStart + dataEnd));
  const entries: SafetensorsEntry[] = [];
  for (const [name, raw] of Object.entries(header.value as Record<string, unknown>)) {
    if (name === '__metadata__') continue;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) return fail(`tensor "${name}": malformed header entry (${entry.error.message}).`);
    const { dtype, shape, data_offsets: offsets } = entry.data;
    const width = BYTES_PER_ELEMENT[dtype];
    if (!width) return fail(`tensor "${name}": dtype ${dtype} is not supported (F32, F16, BF16).`);
    const count = shape.reduce((product, size) => product * size, 1);
    if (offsets[1] - offsets[0] !== count * width || dataStart + offsets[1] > fileBytes) {
      return fail(
        `tensor "${name}": data_offsets [${offsets.join(', ')}] do not match shape ${JSON.stringify(shape)}.`,
      );
    }
    entries.push({
      name,
      dtype: dtype as SafetensorsDtype,
      shape,
      begin: dataStart + offsets[0],
      end: dataStart + offsets[1],
    });
  }
  return { entries };
}

/**
 * Parse a safetensors file: 8-byte little-endian header length, a JSON header
 * `{name: {dtype, shape, data_offsets}}`, then raw little-endian data. F32, F16 and BF16 become float32.
 * `source` names the file in errors. (`openSafetensorsFile` reads a file tensor by tensor instead.)
 */
export function readSafetensors(buffer: Uint8Array, source = 'model.safetensors'): NamedFloatTensor[] {
  const parsed = parseSafetensorsHeader(buffer, buffer.byteLength, source);
  if (!('entries' in parsed)) throw new Error('unreachable: the whole file is in memory');
  return parsed.entries.map((entry) => {
    const count = entry.shape.reduce((product, size) => product * size, 1);
    const data = decodeTensor(buffer.subarray(entry.begin, entry.end), entry.dtype, count);
    return { name: entry.name, shape: entry.shape, data, dtype: entry.dtype };
  });
}

/** float32 → IEEE half bits (round to nearest even; overflow to ±Inf). */
function floatToHalf(value: number): number {
  const floats = new Float32Array([value]);
  const bits = new Uint32Array(floats.buffer)[0] as number;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (((bits >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  if (exponent >= 0x1f) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    const full = mantissa | 0x800000;
    const shift = 14 - exponent;
    const rounded = (full + (1 << (shift - 1)) - 1 + ((full >>> shift) & 1)) >>> shift;
    return sign | rounded;
  }
  const rounded = (mantissa + 0xfff + ((mantissa >>> 13) & 1)) >>> 13;
  return (sign | (exponent << 10)) + rounded;
}

/** float32 → bfloat16 bits (round to nearest even). */
function floatToBfloat16(bits: number): number {
  if ((bits & 0x7f800000) === 0x7f800000 && bits & 0x7fffff) return (bits >>> 16) | 0x40;
  return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
}

function encodeTensor(data: Float32Array, dtype: SafetensorsDtype): Uint8Array {
  if (dtype === 'F32') return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const halves = new Uint16Array(data.length);
  if (dtype === 'BF16') {
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length);
    for (let index = 0; index < data.length; index += 1) halves[index] = floatToBfloat16(words[index] as number);
  } else {
    for (let index = 0; index < data.length; index += 1) halves[index] = floatToHalf(data[index] as number);
  }
  return new Uint8Array(halves.buffer);
}

/** Bytes per element of a stored dtype. */
export function bytesPerElement(dtype: SafetensorsDtype): number {
  return BYTES_PER_ELEMENT[dtype] as number;
}

/**
 * Serialise float32 tensors as safetensors (header padded to 8 bytes). `dtype` F16 / BF16 rounds to
 * nearest even; `metadata` holds strings only.
 */
export function writeSafetensors(
  tensors: readonly NamedFloatTensor[],
  metadata?: Record<string, string>,
  dtype: SafetensorsDtype = 'F32',
): Uint8Array {
  const header: Record<string, unknown> = metadata ? { __metadata__: metadata } : {};
  const encoded = tensors.map((tensor) => encodeTensor(tensor.data, dtype));
  let offset = 0;
  tensors.forEach((tensor, index) => {
    const size = (encoded[index] as Uint8Array).byteLength;
    header[tensor.name] = { dtype, shape: tensor.shape, data_offsets: [offset, offset + size] };
    offset += size;
  });
  let headerText = JSON.stringify(header);
  headerText += ' '.repeat((8 - ((8 + Buffer.byteLength(headerText)) % 8)) % 8);
  const headerBytes = new TextEncoder().encode(headerText);
  const out = new Uint8Array(8 + headerBytes.byteLength + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(headerBytes.byteLength), true);
  out.set(headerBytes, 8);
  let position = 8 + headerBytes.byteLength;
  for (const bytes of encoded) {
    out.set(bytes, position);
    position += bytes.byteLength;
  }
  return out;
}
