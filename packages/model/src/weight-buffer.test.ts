import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './test/test-backend';
import { weightBuffer } from './weight-buffer';

describe('weightBuffer', () => {
  let backend: string;
  beforeAll(async () => {
    backend = await useTestBackend();
  });

  it('should be zeroed and of the asked size, and hold what a tensor made from it reads', () => {
    const buffer = weightBuffer(1000);
    expect(buffer.length).toBe(1000);
    expect(buffer.every((value) => value === 0)).toBe(true);
    buffer.set([3, 1, 4], 997);
    const tensor = tf.tensor(buffer, [10, 100], 'float32');
    const tail = tf.tidy(() => Array.from(tf.slice(tensor, [9, 97], [1, 3]).dataSync()));
    expect(tail).toEqual([3, 1, 4]);
    tensor.dispose();
  });

  it('should be memory TensorFlow reads in place on the native backend (no copy into fresh memory)', () => {
    if (backend !== 'tensorflow') {
      // Other backends copy or keep the array as given: a plain buffer, no padding.
      const plain = weightBuffer(12);
      expect([plain.byteOffset, plain.buffer.byteLength]).toEqual([0, 48]);
      return;
    }
    for (const size of [1, 7, 4096, 3 * 2 ** 20]) {
      const buffer = weightBuffer(size);
      const tensor = tf.tensor(buffer, [size], 'float32');
      const read = tf.reshape(tensor, [size]);
      buffer[0] = 5;
      // Shared memory: TensorFlow sees a write made after the tensor was handed to it.
      expect(read.dataSync()[0]).toBe(5);
      tf.dispose([tensor, read]);
    }
  });
});
