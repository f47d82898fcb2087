import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './test/test-backend';
import { tokenLogProbsAndEntropy } from './token-log-probs';

beforeAll(async () => {
  await useTestBackend();
});

/** The same quantities from standard ops (one-hot multiply-sum), differentiable by tfjs's own gradients. */
function reference(logits: tf.Tensor2D, targets: tf.Tensor1D): tf.Tensor2D {
  const logSoftmax = tf.logSoftmax(logits);
  const oneHot = tf.cast(tf.oneHot(targets, logits.shape[1]), 'float32');
  const logProbs = tf.sum(tf.mul(logSoftmax, oneHot), -1, true);
  const entropy = tf.neg(tf.sum(tf.mul(tf.exp(logSoftmax), logSoftmax), -1, true));
  return tf.concat([logProbs, entropy], 1) as tf.Tensor2D;
}

const maxDifference = (left: tf.Tensor, right: tf.Tensor) =>
  tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number;

describe('tokenLogProbsAndEntropy', () => {
  it('should equal log-softmax at the targets and the entropy, with matching gradients', () => {
    const logits = tf.mul(tf.randomNormal([6, 11], 0, 1, 'float32', 9), 3) as tf.Tensor2D;
    const targets = tf.tensor1d([0, 10, 3, 3, 7, 1], 'int32');
    const weights = tf.tensor2d([
      [1, 0.3],
      [-2, 0.1],
      [0.5, -1],
      [1, 1],
      [0, 2],
      [3, -0.5],
    ]);
    const ours = tokenLogProbsAndEntropy(logits, targets, true);
    expect(maxDifference(ours, reference(logits, targets))).toBeLessThan(1e-5);
    const loss = (score: (z: tf.Tensor2D) => tf.Tensor2D) => (z: tf.Tensor) =>
      tf.sum(tf.mul(score(z as tf.Tensor2D), weights));
    const ourGradient = tf.grad(loss((z) => tokenLogProbsAndEntropy(z, targets, true)))(logits);
    const referenceGradient = tf.grad(loss((z) => reference(z, targets)))(logits);
    expect(maxDifference(ourGradient, referenceGradient)).toBeLessThan(1e-5);
  });

  it('should return zero entropies and the log-prob gradient alone without withEntropy', () => {
    const logits = tf.randomNormal([3, 5], 0, 1, 'float32', 4) as tf.Tensor2D;
    const targets = tf.tensor1d([4, 0, 2], 'int32');
    const scores = tokenLogProbsAndEntropy(logits, targets, false);
    expect(Array.from(tf.slice(scores, [0, 1], [3, 1]).dataSync())).toEqual([0, 0, 0]);
    const gradient = tf.grad((z: tf.Tensor) => tf.sum(tokenLogProbsAndEntropy(z as tf.Tensor2D, targets, false)))(
      logits,
    );
    const expected = tf.sub(tf.cast(tf.oneHot(targets, 5), 'float32'), tf.softmax(logits));
    expect(maxDifference(gradient, expected)).toBeLessThan(1e-5);
  });
});
