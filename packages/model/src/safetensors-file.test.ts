import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSafetensors, type SafetensorsDtype, writeSafetensors } from './safetensors';
import { SafetensorsFile } from './safetensors-file';

const directory = mkdtempSync(join(tmpdir(), 'rlver-safetensors-file-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('SafetensorsFile', () => {
  for (const dtype of ['F16', 'BF16', 'F32'] as SafetensorsDtype[]) {
    it(`should stream ${dtype} tensors as readSafetensors decodes them (F32: one spans two 16 MiB chunks)`, () => {
      // F32: 5 M elements, 20 MiB, read in two chunks; F16/BF16 (slow to encode here): 64 Ki elements.
      const rows = dtype === 'F32' ? 5 : 1;
      const columns = dtype === 'F32' ? 2 ** 20 : 2 ** 16;
      const big = Float32Array.from({ length: rows * columns }, (_, index) => ((index % 4099) - 2049) / 512);
      const small = Float32Array.from([1, -2.5, 0.125]);
      const bytes = writeSafetensors(
        [
          { name: 'small', shape: [3], data: small },
          { name: 'big', shape: [rows, columns], data: big },
        ],
        undefined,
        dtype,
      );
      const path = join(directory, `${dtype}.safetensors`);
      writeFileSync(path, bytes);
      const expected = new Map(readSafetensors(bytes, path).map((tensor) => [tensor.name, tensor.data]));
      const file = SafetensorsFile.open(path);
      try {
        expect(file.entries.get('big')?.shape).toEqual([rows, columns]);
        const out = new Float32Array(2 + big.length);
        file.readInto('big', out, 2);
        const want = expected.get('big') as Float32Array;
        let mismatches = 0;
        for (let index = 0; index < want.length; index += 1) if (out[index + 2] !== want[index]) mismatches += 1;
        expect(mismatches).toBe(0);
        expect(out[2 + want.length - 1]).toBe(want[want.length - 1]);
        const head = new Float32Array(3);
        file.readInto('small', head);
        expect(head).toEqual(expected.get('small'));
        expect(() => file.readInto('absent', head)).toThrow(/tensor "absent" is missing/);
      } finally {
        file.close();
      }
    });
  }

  it('should name the file when it ends early', () => {
    const bytes = writeSafetensors([{ name: 'x', shape: [4], data: Float32Array.from([1, 2, 3, 4]) }]);
    const path = join(directory, 'cut.safetensors');
    writeFileSync(path, bytes.subarray(0, bytes.byteLength - 4));
    expect(() => SafetensorsFile.open(path)).toThrow(/cut\.safetensors.*file ends early/);
  });
});
