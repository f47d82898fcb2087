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

function decodeTensor(bytes: Uint8Array, dtype: string, count: number): Float32Array {
  const copy = new Uint8Array(bytes); // aligned copy
  if (dtype === 'F32') return new Float32Array(copy.buffer, 0, count);
  const halves = new Uint16Array(copy.buffer, 0, count);
  const out = new Float32Array(count);
  if (dtype === 'BF16') {
    const asInt = new Uint32Array(out.buffer);
    for (let index = 0; index < count; index += 1) asInt[index] = (halves[index] as number) << 16;
  } else {
    for (let index = 0; index < count; index += 1) out[index] = halfToFloat(halves[index] as number);
  }
  return out;
}

/**
 * Parse a safetensors file: 8-byte little-endian header length, a JSON header
 * `{name: {dtype, shape, data_offsets}}`, then raw little-endian data. F32, F16 and BF16 become float32.
 * `source` names the file in errors.
 */
export function readSafetensors(buffer: Uint8Array, source = 'model.safetensors'): NamedFloatTensor[] {
  const fail = (message: string): never => {
    throw new InvalidInputError({ file: source, message });
  };
  const endsEarly = (expected: string): never =>
    fail(
      `file ends early at byte ${buffer.byteLength} of ${expected} (truncated download or copy?); fetch the file again`,
    );
  if (buffer.byteLength < 8) endsEarly('at least 8');
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (headerLength > 100_000_000) fail(`header length ${headerLength} is not plausible: not a safetensors file.`);
  if (headerLength > buffer.byteLength - 8) endsEarly(`at least ${8 + headerLength}`);
  const headerText = new TextDecoder().decode(buffer.subarray(8, 8 + headerLength));
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
  if (dataStart + dataEnd > buffer.byteLength) endsEarly(String(dataStart + dataEnd));
  const tensors: NamedFloatTensor[] = [];
  for (const [name, raw] of Object.entries(header.value as Record<string, unknown>)) {
    if (name === '__metadata__') continue;
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) return fail(`tensor "${name}": malformed header entry (${entry.error.message}).`);
    const { dtype, shape, data_offsets: offsets } = entry.data;
    const width = BYTES_PER_ELEMENT[dtype];
    if (!width) return fail(`tensor "${name}": dtype ${dtype} is not supported (F32, F16, BF16).`);
    const count = shape.reduce((product, size) => product * size, 1);
    if (offsets[1] - offsets[0] !== count * width || dataStart + offsets[1] > buffer.byteLength) {
      return fail(
        `tensor "${name}": data_offsets [${offsets.join(', ')}] do not match shape ${JSON.stringify(shape)}.`,
      );
    }
    const bytes = buffer.subarray(dataStart + offsets[0], dataStart + offsets[1]);
    tensors.push({ name, shape, data: decodeTensor(bytes, dtype, count), dtype: dtype as SafetensorsDtype });
  }
  return tensors;
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
