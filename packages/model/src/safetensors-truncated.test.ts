import { describe, expect, it } from 'vitest';
import { readSafetensors, writeSafetensors } from './safetensors';

describe('readSafetensors: truncated files', () => {
  const bytes = writeSafetensors([
    { name: 'a.weight', shape: [4, 4], data: new Float32Array(16).fill(1) },
    { name: 'b.weight', shape: [8], data: new Float32Array(8).fill(2) },
  ]);

  it('should say the file ends early, at which byte of how many, when the data is cut', () => {
    const cut = bytes.subarray(0, bytes.byteLength - 10);
    expect(() => readSafetensors(cut, 'model.safetensors')).toThrow(
      `model.safetensors: file ends early at byte ${cut.byteLength} of ${bytes.byteLength} (truncated download or copy?); fetch the file again`,
    );
  });

  it('should say the file ends early when the header itself is cut', () => {
    const cut = bytes.subarray(0, 20);
    expect(() => readSafetensors(cut, 'model.safetensors')).toThrow(/file ends early at byte 20 of at least \d+/);
  });
});
