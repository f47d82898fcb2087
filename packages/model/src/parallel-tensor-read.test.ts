import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTensorsInParallel, type TensorReadRequest } from './parallel-tensor-read';
import { SafetensorsFile } from './safetensors-file';

/** IEEE half → float32, written out here as the reference (independent of the table the reader uses). */
function referenceHalf(bits: number): number {
  const sign = bits >> 15 ? -1 : 1;
  const exponent = (bits >> 10) & 31;
  const mantissa = bits & 1023;
  if (exponent === 31) return mantissa === 0 ? sign * Infinity : Number.NaN;
  return exponent === 0 ? sign * mantissa * 2 ** -24 : sign * (1024 + mantissa) * 2 ** (exponent - 25);
}

/** bfloat16 → float32: the bits are float32's upper half. */
function referenceBfloat(bits: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits * 65_536);
  return view.getFloat32(0);
}

/** A safetensors file of raw little-endian data: every 16-bit pattern as F16 and as BF16, and some F32 values. */
async function writeAllPatterns(path: string, float32: Float32Array): Promise<void> {
  const patterns = new Uint16Array(65_536).map((_, index) => index);
  const halfBytes = 65_536 * 2;
  const header = {
    half: { dtype: 'F16', shape: [256, 256], data_offsets: [0, halfBytes] },
    brain: { dtype: 'BF16', shape: [65_536], data_offsets: [halfBytes, 2 * halfBytes] },
    single: {
      dtype: 'F32',
      shape: [float32.length],
      data_offsets: [2 * halfBytes, 2 * halfBytes + float32.byteLength],
    },
  };
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - (json.length % 8)) % 8);
  const length = new Uint8Array(8);
  new DataView(length.buffer).setUint32(0, json.length, true);
  const bytes = new Uint8Array(patterns.buffer);
  await writeFile(
    path,
    Buffer.concat(
      [length, Buffer.from(json), bytes, bytes, new Uint8Array(float32.buffer)].map((part) => Buffer.from(part)),
    ),
  );
}

/** Same value, NaN equal to NaN and +0 apart from −0. */
function sameValues(actual: Float32Array, expected: (index: number) => number): number[] {
  const wrong: number[] = [];
  for (let index = 0; index < actual.length; index += 1) {
    if (!Object.is(actual[index], Math.fround(expected(index)))) wrong.push(index);
  }
  return wrong;
}

describe('readTensorsInParallel', () => {
  let directory: string;
  let path: string;
  const float32 = Float32Array.from([0, -0, 1.5, -2.25, Infinity, -Infinity, Number.NaN, 1e-45, 3.4e38, -7e-39]);
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'rlver-parallel-read-'));
    path = join(directory, 'model.safetensors');
    await writeAllPatterns(path, float32);
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('should decode every F16 and BF16 bit pattern exactly (subnormals, ±0, ±inf, NaN), cut into many jobs on 3 threads', async () => {
    const file = SafetensorsFile.open(path);
    const requests: TensorReadRequest[] = [];
    // Offsets into shared buffers, as the loader fills the rows of a fused matrix.
    const out = new Float32Array(new SharedArrayBuffer(4 * (7 + 65_536 + 65_536 + float32.length)));
    let offset = 7;
    for (const name of ['half', 'brain', 'single']) {
      const location = file.locate(name);
      if (!location) throw new Error(`${name} is missing`);
      requests.push({ ...location, out, offset });
      offset += (location.end - location.begin) / (location.dtype === 'F32' ? 4 : 2);
    }
    file.close();
    // 4,100-byte jobs: 64 per 16-bit tensor, their ends not on a tensor's boundary.
    await readTensorsInParallel(requests, { threads: 3, jobBytes: 4_100 });
    expect(Array.from(out.subarray(0, 7))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(sameValues(out.subarray(7, 7 + 65_536), referenceHalf)).toEqual([]);
    expect(sameValues(out.subarray(7 + 65_536, 7 + 131_072), referenceBfloat)).toEqual([]);
    expect(sameValues(out.subarray(7 + 131_072), (index) => float32[index] as number)).toEqual([]);
    // Spot values, so a wrong reference cannot pass unnoticed.
    expect([out[7 + 0x3c00], out[7 + 0x0001], out[7 + 0x8000], out[7 + 0x7c00]]).toEqual([1, 2 ** -24, -0, Infinity]);
    expect(out[7 + 65_536 + 0x3f80]).toBe(1);
  });

  it('should give the same as the single-threaded reader, whatever the job size', async () => {
    const file = SafetensorsFile.open(path);
    const single = new Float32Array(65_536);
    file.readInto('half', single);
    const location = file.locate('half');
    file.close();
    if (!location) throw new Error('half is missing');
    for (const jobBytes of [4, 1_000, 2 ** 20]) {
      const out = new Float32Array(new SharedArrayBuffer(4 * 65_536));
      await readTensorsInParallel([{ ...location, out, offset: 0 }], { threads: 2, jobBytes });
      expect(Buffer.compare(Buffer.from(out.buffer), Buffer.from(single.buffer))).toBe(0);
    }
  });

  it('should refuse a file that ends early, naming the file and the byte', async () => {
    const file = SafetensorsFile.open(path);
    const location = file.locate('brain');
    file.close();
    if (!location) throw new Error('brain is missing');
    const cut = join(directory, 'cut.safetensors');
    await writeAllPatterns(cut, float32);
    await truncate(cut, location.begin + 1_000);
    const out = new Float32Array(new SharedArrayBuffer(4 * 65_536));
    const reading = readTensorsInParallel([{ ...location, path: cut, out, offset: 0 }], { threads: 2, jobBytes: 512 });
    await expect(reading).rejects.toThrow(InvalidInputError);
    await expect(reading).rejects.toThrow(/cut\.safetensors.*file ends early at byte \d+; fetch the file again/);
  });

  it('should refuse a buffer the threads cannot write into', async () => {
    const request = { path, dtype: 'F16' as const, begin: 0, end: 8, out: new Float32Array(4), offset: 0 };
    await expect(readTensorsInParallel([request])).rejects.toThrow(/not a SharedArrayBuffer/);
  });
});
