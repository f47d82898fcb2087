import { createRng } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { readSafetensors, writeSafetensors } from './safetensors';

function halfBitsToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** Every finite half value, sorted, for a brute-force nearest-value reference. */
const FINITE_HALVES = Array.from({ length: 0x7c00 }, (_, bits) => halfBitsToFloat(bits));

function nearestHalf(value: number): number {
  const magnitude = Math.abs(value);
  let best = 0;
  for (let bits = 0; bits < FINITE_HALVES.length; bits += 1) {
    const candidate = FINITE_HALVES[bits] as number;
    const distance = Math.abs(candidate - magnitude);
    const bestDistance = Math.abs((FINITE_HALVES[best] as number) - magnitude);
    if (distance < bestDistance || (distance === bestDistance && bits % 2 === 0)) best = bits;
  }
  return Math.sign(value) * (FINITE_HALVES[best] as number);
}

describe('writeSafetensors / readSafetensors', () => {
  it('should round-trip float32 tensors exactly with an 8-byte aligned header', () => {
    const tensors = [
      { name: 'a.weight', shape: [2, 3], data: Float32Array.from([1, -2.5, 3e-8, 4, 5, 6]) },
      { name: 'b', shape: [1], data: Float32Array.from([Math.PI]) },
    ];
    const bytes = writeSafetensors(tensors, { format: 'pt' });
    const headerLength = Number(new DataView(bytes.buffer).getBigUint64(0, true));
    expect((8 + headerLength) % 8).toBe(0);
    expect(readSafetensors(bytes)).toEqual(tensors.map((tensor) => ({ ...tensor, dtype: 'F32' })));
  });

  it('should decode hand-written F16 and BF16 tensors', () => {
    const header = JSON.stringify({
      half: { dtype: 'F16', shape: [4], data_offsets: [0, 8] },
      brain: { dtype: 'BF16', shape: [2], data_offsets: [8, 12] },
    });
    const bytes = new Uint8Array(8 + header.length + 12);
    const view = new DataView(bytes.buffer);
    view.setBigUint64(0, BigInt(header.length), true);
    bytes.set(new TextEncoder().encode(header), 8);
    const start = 8 + header.length;
    for (const [index, bits] of [0x3c00, 0xc000, 0x3555, 0x0001].entries())
      view.setUint16(start + index * 2, bits, true);
    for (const [index, bits] of [0x3f80, 0xc049].entries()) view.setUint16(start + 8 + index * 2, bits, true);
    const [half, brain] = readSafetensors(bytes);
    expect(Array.from(half?.data ?? [])).toEqual([1, -2, Math.fround(0.333251953125), Math.fround(2 ** -24)]);
    expect(Array.from(brain?.data ?? [])).toEqual([1, -3.140625]);
  });

  it('should round float32 to the nearest F16 (ties to even), as a brute-force reference does', () => {
    const rng = createRng(7);
    const values = Array.from({ length: 200 }, (_, index) => {
      const scale = 2 ** (Math.floor(rng.next() * 40) - 26);
      return Math.fround((rng.next() * 2 - 1) * scale * (index % 2 ? 1 : 3));
    });
    const bytes = writeSafetensors(
      [{ name: 'x', shape: [values.length], data: Float32Array.from(values) }],
      undefined,
      'F16',
    );
    const decoded = Array.from(readSafetensors(bytes)[0]?.data ?? []);
    decoded.forEach((value, index) => {
      const original = values[index] as number;
      const expected =
        Math.abs(original) > 65_520 ? Math.sign(original) * Number.POSITIVE_INFINITY : nearestHalf(original);
      expect(value, `value ${original}`).toBe(Math.fround(expected));
    });
  });

  it('should keep the top 16 bits (rounded) in BF16', () => {
    const values = Float32Array.from([1.00390625, 1.01171875, -7.5, 123456.789]);
    const decoded = readSafetensors(writeSafetensors([{ name: 'x', shape: [4], data: values }], undefined, 'BF16'))[0]
      ?.data;
    expect(Array.from(decoded ?? [])).toEqual([1, 1.015625, -7.5, 123392]);
  });

  it('should name the file and tensor of a malformed header', () => {
    const bytes = writeSafetensors([{ name: 'x', shape: [2], data: Float32Array.from([1, 2]) }]);
    const text = new TextDecoder().decode(bytes).replace('"shape":[2]', '"shape":[3]');
    expect(() => readSafetensors(new TextEncoder().encode(text), 'weights.safetensors')).toThrow(
      /weights\.safetensors.*"x".*data_offsets/,
    );
    expect(() => readSafetensors(new Uint8Array(4), 'short.safetensors')).toThrow(/short\.safetensors/);
  });
});
