import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { linear, matMul } from './mat-mul';
import { useTestBackend } from './test/test-backend';
import { embedTokens } from './transformer-forward';

beforeAll(async () => {
  await useTestBackend();
});

const close = (left: tf.Tensor, right: tf.Tensor) =>
  tf.tidy(() => tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number);

describe('matMul', () => {
  it.each([
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ])(
    'should match tf.matMul and its gradients with transposeA=%s, transposeB=%s (2-D and batched)',
    (transposeA, transposeB) => {
      for (const batch of [[], [3], [2, 2]]) {
        const aShape = [...batch, ...(transposeA ? [40, 24] : [24, 40])];
        const bShape = [...batch, ...(transposeB ? [36, 40] : [40, 36])];
        const a = tf.randomNormal(aShape, 0, 1, 'float32', 1);
        const b = tf.randomNormal(bShape, 0, 1, 'float32', 2);
        const weights = tf.randomNormal([...batch, 24, 36], 0, 1, 'float32', 3);
        const loss = (product: (x: tf.Tensor, y: tf.Tensor) => tf.Tensor) => (x: tf.Tensor, y: tf.Tensor) =>
          tf.sum(tf.mul(product(x, y), weights));
        const ours = (x: tf.Tensor, y: tf.Tensor) => matMul(x, y, transposeA, transposeB);
        const reference = (x: tf.Tensor, y: tf.Tensor) => tf.matMul(x, y, transposeA, transposeB);
        expect(close(ours(a, b), reference(a, b))).toBeLessThan(1e-4);
        const [ourA, ourB] = tf.grads(loss(ours))([a, b]);
        const [referenceA, referenceB] = tf.grads(loss(reference))([a, b]);
        expect(close(ourA as tf.Tensor, referenceA as tf.Tensor)).toBeLessThan(1e-4);
        expect(close(ourB as tf.Tensor, referenceB as tf.Tensor)).toBeLessThan(1e-4);
      }
    },
  );
});

describe('linear', () => {
  it('should equal x·Wᵀ + b with the gradients of the standard ops', () => {
    const x = tf.randomNormal([9, 6], 0, 1, 'float32', 11) as tf.Tensor2D;
    const weight = tf.randomNormal([4, 6], 0, 1, 'float32', 12) as tf.Tensor2D;
    const bias = tf.randomNormal([4], 0, 1, 'float32', 13);
    const upstream = tf.randomNormal([9, 4], 0, 1, 'float32', 14);
    const reference = (a: tf.Tensor, w: tf.Tensor, b: tf.Tensor) => tf.add(tf.matMul(a, w, false, true), b);
    const ours = (a: tf.Tensor, w: tf.Tensor, b: tf.Tensor): tf.Tensor => linear(a as tf.Tensor2D, w as tf.Tensor2D, b);
    expect(close(ours(x, weight, bias), reference(x, weight, bias))).toBeLessThan(1e-5);
    const loss = (f: typeof ours) => (a: tf.Tensor, w: tf.Tensor, b: tf.Tensor) => tf.sum(tf.mul(f(a, w, b), upstream));
    const ourGradients = tf.grads(loss(ours))([x, weight, bias]);
    const referenceGradients = tf.grads(loss(reference))([x, weight, bias]);
    ourGradients.forEach((gradient, index) => {
      expect(close(gradient, referenceGradients[index] as tf.Tensor)).toBeLessThan(1e-4);
    });
    const withoutBias = tf.grad((a: tf.Tensor) => tf.sum(linear(a as tf.Tensor2D, weight)))(x);
    expect(withoutBias.shape).toEqual([9, 6]);
  });
});

describe('embedTokens', () => {
  it('should look rows up and scatter-add repeated ids in its gradient', () => {
    const table = tf.randomNormal([7, 3], 0, 1, 'float32', 4) as tf.Tensor2D;
    const ids = tf.tensor1d([2, 5, 2, 0], 'int32');
    const upstream = tf.randomNormal([4, 3], 0, 1, 'float32', 5);
    expect(close(embedTokens(table, ids), tf.gather(table, ids))).toBe(0);
    const gradient = tf.grad((weights: tf.Tensor) =>
      tf.sum(tf.mul(embedTokens(weights as tf.Tensor2D, ids), upstream)),
    )(table);
    const expected = tf.matMul(tf.cast(tf.oneHot(ids, 7), 'float32'), upstream, true, false);
    expect(close(gradient, expected)).toBeLessThan(1e-5);
    expect(Array.from(tf.slice(gradient, [3, 0], [1, 3]).dataSync())).toEqual([0, 0, 0]);
  });
});
