import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { aggregateLoss } from './aggregate-loss';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

// sequence 1: tokens 1, 2, 3 (sum 6); sequence 2: token 10 (sum 10)
const loss = tf.tensor2d([
  [1, 2, 3],
  [10, 99, 99],
]);
const mask = tf.tensor2d([
  [1, 1, 1],
  [1, 0, 0],
]);
const normalizer = { tokenCount: 4, sequenceCount: 2, lossNormalizer: 5 };

describe('aggregateLoss', () => {
  it('should compute token-mean, sequence-mean and sequence-sum-norm by hand', () => {
    expect(aggregateLoss(loss, mask, 'token-mean', normalizer).dataSync()[0]).toBeCloseTo(16 / 4, 6);
    expect(aggregateLoss(loss, mask, 'sequence-mean', normalizer).dataSync()[0]).toBeCloseTo((2 + 10) / 2, 6);
    expect(aggregateLoss(loss, mask, 'sequence-sum-norm', normalizer).dataSync()[0]).toBeCloseTo(16 / (2 * 5), 6);
  });

  it('should add up over micro-batches to the whole-minibatch value', () => {
    for (const aggregation of ['token-mean', 'sequence-mean', 'sequence-sum-norm'] as const) {
      const whole = aggregateLoss(loss, mask, aggregation, normalizer).dataSync()[0] ?? Number.NaN;
      const first = aggregateLoss(
        tf.slice(loss, [0, 0], [1, 3]),
        tf.slice(mask, [0, 0], [1, 3]),
        aggregation,
        normalizer,
      );
      const second = aggregateLoss(
        tf.slice(loss, [1, 0], [1, 3]),
        tf.slice(mask, [1, 0], [1, 3]),
        aggregation,
        normalizer,
      );
      expect((first.dataSync()[0] ?? 0) + (second.dataSync()[0] ?? 0)).toBeCloseTo(whole, 6);
    }
  });
});
