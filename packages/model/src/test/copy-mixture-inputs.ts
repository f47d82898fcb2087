import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { expect } from 'vitest';

/** Random inputs of a copy-head mixture, shared by the scorer tests: 2 rows × 5 queries × 6 keys over 13 tokens. */
export interface CopyMixtureInputs {
  sizes: { batch: number; queries: number; keys: number; vocab: number };
  logits: tf.Tensor3D;
  gateLogits: tf.Tensor3D;
  scoreLogits: tf.Tensor3D;
  /** int32 `[batch, keys]`: repeated ids, so several keys copy one token. */
  nextIds: tf.Tensor2D;
  /** `[batch, queries, keys]`: 1 where a query may copy from a key (a masked key per query). */
  allowed: tf.Tensor3D;
  targets: tf.Tensor1D;
  /** One random weight per query row, for a loss whose gradients the tests compare. */
  weights: tf.Tensor1D;
}

/**
 * Draw the inputs from `seed`. `blockFirstQuery` also masks every key for the first query of each row, which then
 * may copy nothing (its gate is 0, as `copyAttention` makes it).
 */
export function randomCopyMixtureInputs(seed: number, options: { blockFirstQuery?: boolean } = {}): CopyMixtureInputs {
  const rng = createRng(seed);
  const sizes = { batch: 2, queries: 5, keys: 6, vocab: 13 };
  const { batch, queries, keys, vocab } = sizes;
  const normal = (shape: number[], scale: number) =>
    tf.tensor(
      Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => (rng.next() - 0.5) * 2 * scale),
      shape,
    );
  const logits = normal([batch, queries, vocab], 3) as tf.Tensor3D;
  const gateLogits = normal([batch, queries, 1], 2) as tf.Tensor3D;
  const scoreLogits = normal([batch, queries, keys], 2) as tf.Tensor3D;
  const nextIds = tf.tensor2d(
    [
      [3, 7, 3, 0, 12, 7],
      [5, 5, 5, 1, 2, 9],
    ],
    undefined,
    'int32',
  );
  const allowed = tf.tensor3d(
    Array.from({ length: batch * queries * keys }, (_, index) =>
      index % 7 === 3 || (options.blockFirstQuery && Math.floor(index / keys) % queries === 0) ? 0 : 1,
    ),
    [batch, queries, keys],
  );
  const targets = tf.tensor1d([3, 7, 1, 12, 0, 5, 5, 2, 9, 4], 'int32');
  const weights = tf.tensor1d(Array.from({ length: batch * queries }, () => rng.next() - 0.5));
  return { sizes, logits, gateLogits, scoreLogits, nextIds, allowed, targets, weights };
}

const context1 = [5, 7, 9, 11, 13, 5, 7, 9, 21, 23, 25, 27, 5, 7];
const context2 = [6, 8, 10, 40, 41, 42, 6, 8, 10, 46];
/**
 * Token rows of two dialogue turns branched into three replies each: shared contexts that repeat tokens, so the copy
 * head has something to copy.
 */
export const BRANCHED_ROWS: number[][] = [
  [...context1, 9, 11, 1],
  [...context2, 40, 41],
  [...context1, 30, 32, 33, 5, 7, 9, 1],
  [...context2, 2, 4, 6, 8, 10, 1],
  [...context1, 35, 1],
  [...context2, 9],
];

/** Largest absolute elementwise difference of two tensors. */
export function maxAbsDifference(left: tf.Tensor, right: tf.Tensor): number {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number);
}

/**
 * Expect `actual` gradients to match `expected` ones within `tolerance` × max(1, the expected gradient's scale), each
 * expected gradient being non-trivial (scale above 1e-3).
 */
export function expectSameGradients(expected: readonly tf.Tensor[], actual: readonly tf.Tensor[], tolerance: number) {
  expected.forEach((gradient, index) => {
    const scale = tf.max(tf.abs(gradient)).dataSync()[0] as number;
    expect(scale).toBeGreaterThan(1e-3);
    expect(maxAbsDifference(actual[index] as tf.Tensor, gradient)).toBeLessThan(tolerance * Math.max(1, scale));
  });
}
