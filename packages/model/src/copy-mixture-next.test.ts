import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CopyContext, type CopyHeadWeights, copyMixtureLogProbs } from './copy-head';
import { copyMixtureNextLogProbs } from './copy-mixture-next';
import { useTestBackend } from './test/test-backend';

describe('copyMixtureNextLogProbs (decode step)', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  it("should give the log-space mixture's log-probs over the whole vocabulary", () => {
    const rng = createRng(3);
    const [batch, keys, hidden, keyDim, vocab] = [3, 7, 8, 4, 29];
    const normal = (shape: number[], scale: number) =>
      tf.tensor(
        Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => (rng.next() - 0.5) * 2 * scale),
        shape,
      );
    const variable = (shape: number[], scale: number) => tf.variable(normal(shape, scale));
    const head: CopyHeadWeights = {
      query: variable([keyDim, hidden], 1),
      key: variable([keyDim, hidden], 1),
      gate: variable([1, hidden], 1),
      gateBias: tf.variable(tf.tensor1d([0.5])),
    };
    const last = normal([batch, 1, hidden], 1) as tf.Tensor3D;
    // Logits spread over ±12, so some LM probabilities are tiny (but not below float32's range).
    const lmLogits = normal([batch, vocab], 12) as tf.Tensor2D;
    const context: CopyContext = {
      keys: normal([batch, keys, keyDim], 1) as tf.Tensor3D,
      // Repeated ids within a row; the last row may copy nothing (gate 0: the LM's distribution alone).
      nextIds: tf.tensor2d(
        [
          [3, 3, 9, 28, 0, 9, 3],
          [1, 2, 4, 8, 16, 2, 1],
          [5, 6, 7, 8, 9, 10, 11],
        ],
        undefined,
        'int32',
      ),
      allowed: tf.tensor3d(
        [[[1, 1, 1, 1, 0, 1, 0]], [[1, 1, 1, 1, 1, 1, 1]], [[0, 0, 0, 0, 0, 0, 0]]],
        [batch, 1, keys],
      ),
    };
    const expected = tf.reshape(
      copyMixtureLogProbs(head, last, tf.reshape(lmLogits, [batch, 1, vocab]) as tf.Tensor3D, context, {
        differentiable: false,
      }),
      [batch, vocab],
    );
    const actual = copyMixtureNextLogProbs(head, last, lmLogits, context);
    expect(actual.shape).toEqual([batch, vocab]);
    const difference = tf.max(tf.abs(tf.sub(actual, expected))).dataSync()[0] as number;
    expect(difference).toBeLessThan(2e-5);
    // The copy path is live: row 0's copied id 3 gets far more than the LM gives it; row 2 is the LM alone.
    const lm = tf.logSoftmax(lmLogits);
    const rows = actual.arraySync();
    const lmRows = lm.arraySync();
    expect((rows[0] as number[])[3] as number).toBeGreaterThan(((lmRows[0] as number[])[3] as number) + 0.1);
    expect(
      tf.max(tf.abs(tf.sub(tf.slice(actual, [2, 0], [1, -1]), tf.slice(lm, [2, 0], [1, -1])))).dataSync()[0],
    ).toBeLessThan(2e-5);
    // Each row is a distribution.
    for (const total of tf.sum(tf.exp(actual), -1).dataSync()) expect(total).toBeCloseTo(1, 5);
    tf.dispose([head.query, head.key, head.gate, head.gateBias]);
  });
});
