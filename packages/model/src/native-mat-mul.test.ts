import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainMatMul } from './mat-mul';
import { batchedMatMul, denseMatMul } from './native-mat-mul';
import { useTestBackend } from './test/test-backend';

const maxAbsDifference = (left: tf.Tensor, right: tf.Tensor) =>
  tf.tidy(() => tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number);

/** The decode step's products run by name on native TensorFlow, against `tf.matMul` (every backend). */
describe('native mat-muls of the decode step', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  it('denseMatMul equals tf.matMul on the decode step shapes (projections and the head)', () => {
    for (const [rows, inner, columns, seed] of [
      [16, 128, 448, 1],
      [5, 128, 3070, 2],
      [64, 384, 128, 3],
      [1, 32, 7, 4],
    ] as const) {
      tf.tidy(() => {
        const a = tf.randomNormal([rows, inner], 0, 1, 'float32', seed) as tf.Tensor2D;
        const b = tf.randomNormal([inner, columns], 0, 1, 'float32', seed + 10) as tf.Tensor2D;
        const product = denseMatMul(a, b);
        expect(product.shape).toEqual([rows, columns]);
        expect(maxAbsDifference(product, tf.matMul(a, b))).toBeLessThan(1e-4);
      });
    }
  });

  it('batchedMatMul equals the batched product, with and without the transpose (attention scores and context)', () => {
    tf.tidy(() => {
      const queries = tf.randomNormal([16, 2, 2, 32], 0, 1, 'float32', 5) as tf.Tensor4D;
      const keys = tf.randomNormal([16, 2, 56, 32], 0, 1, 'float32', 6) as tf.Tensor4D;
      const scores = batchedMatMul(queries, keys, true);
      expect(scores.shape).toEqual([16, 2, 2, 56]);
      expect(maxAbsDifference(scores, plainMatMul(queries, keys, false, true))).toBeLessThan(1e-4);
      const probabilities = tf.softmax(scores) as tf.Tensor4D;
      const context = batchedMatMul(probabilities, keys, false);
      expect(context.shape).toEqual([16, 2, 2, 32]);
      expect(maxAbsDifference(context, plainMatMul(probabilities, keys, false, false))).toBeLessThan(1e-5);
      // The product is not the transpose's: a wrong adj_y would pair the wrong axes.
      const square = tf.randomNormal([3, 1, 4, 4], 0, 1, 'float32', 7) as tf.Tensor4D;
      const other = tf.randomNormal([3, 1, 4, 4], 0, 1, 'float32', 8) as tf.Tensor4D;
      const transposed = batchedMatMul(square, other, true);
      expect(maxAbsDifference(transposed, tf.matMul(square, other, false, true))).toBeLessThan(1e-5);
      expect(maxAbsDifference(transposed, tf.matMul(square, other))).toBeGreaterThan(0.1);
    });
  });
});
