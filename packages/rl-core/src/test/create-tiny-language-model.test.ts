import '@tensorflow/tfjs-backend-cpu';
import { ensureGradientsRegistered } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTinyLanguageModel } from './create-tiny-language-model';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await ensureGradientsRegistered();
});

describe('createTinyLanguageModel', () => {
  it('should score [batch, length − 1] positions that ignore right padding and sum to a distribution', () => {
    const model = createTinyLanguageModel({ seed: 2 });
    const scores = model.scoreSequences(
      tf.tensor2d(
        [
          [1, 2, 3],
          [1, 2, 0],
        ],
        [2, 3],
        'int32',
      ),
      tf.tensor2d(
        [
          [1, 1, 1],
          [1, 1, 0],
        ],
        [2, 3],
        'int32',
      ),
      { withEntropy: true, withValues: true },
    );
    expect(scores.logProbs.shape).toEqual([2, 2]);
    expect(scores.values?.shape).toEqual([2, 2]);
    const logProbs = scores.logProbs.arraySync();
    expect(logProbs[1]?.[0]).toBeCloseTo(logProbs[0]?.[0] ?? Number.NaN, 6);
    const distribution = model.nextTokenLogProbs([1, 2]);
    expect(distribution.reduce((total, logProb) => total + Math.exp(logProb), 0)).toBeCloseTo(1, 5);
    expect(logProbs[0]?.[1]).toBeCloseTo(distribution[3] ?? Number.NaN, 5);
    expect(Math.min(...(scores.entropies?.dataSync() ?? []))).toBeGreaterThan(0);
    model.dispose();
  });

  it('should give gradients for policy variables from log-probs and for the value head from values', () => {
    const model = createTinyLanguageModel({ seed: 3 });
    const ids = tf.tensor2d([[1, 2, 3]], [1, 3], 'int32');
    const mask = tf.onesLike(ids) as tf.Tensor2D;
    const policyGrads = tf.variableGrads(
      () => tf.sum(model.scoreSequences(ids, mask).logProbs) as tf.Scalar,
      model.policyVariables(),
    );
    expect(Object.keys(policyGrads.grads)).toHaveLength(4);
    const valueGrads = tf.variableGrads(
      () => tf.sum(model.scoreSequences(ids, mask, { withValues: true }).values ?? tf.scalar(0)) as tf.Scalar,
      model.valueVariables(),
    );
    expect(Object.keys(valueGrads.grads)).toHaveLength(2);
    expect(createTinyLanguageModel({ withValueHead: false }).hasValueHead).toBe(false);
    model.dispose();
  });
});
