import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computePolicyObjective } from './policy-objective';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('computePolicyObjective', () => {
  it('should combine surrogate, entropy bonus and KL loss by hand (spec §6.3)', () => {
    const objective = computePolicyObjective(
      {
        logProbs: tf.tensor2d([[-0.5, -1.5, 0]]),
        oldLogProbs: tf.tensor2d([[-1, -1, 0]]),
        advantages: tf.tensor2d([[1, 2, 0]]),
        lossMask: tf.tensor2d([[1, 1, 0]]),
        entropies: tf.tensor2d([[2, 4, 100]]),
        referenceLogProbs: tf.tensor2d([[-0.5, -1, 0]]),
      },
      {
        clipRatioLow: 0.2,
        clipRatioHigh: 0.2,
        entropyCoefficient: 0.01,
        klLossCoefficient: 0.1,
        klEstimator: 'k1',
        aggregation: 'token-mean',
      },
      { tokenCount: 2, sequenceCount: 1, lossNormalizer: 3 },
    );
    const policyLoss = (-1.2 - 2 * Math.exp(-0.5)) / 2;
    expect(objective.metrics.policyLoss.dataSync()[0]).toBeCloseTo(policyLoss, 5);
    expect(objective.metrics.entropyLoss.dataSync()[0]).toBeCloseTo(3, 5);
    expect(objective.metrics.klLoss.dataSync()[0]).toBeCloseTo(-0.25, 5); // k1: 0 and −0.5
    expect(objective.loss.dataSync()[0]).toBeCloseTo(policyLoss - 0.01 * 3 + 0.1 * -0.25, 5);
    expect(objective.metrics.clippedSum.dataSync()[0]).toBe(1);
    expect(objective.metrics.entropySum.dataSync()[0]).toBeCloseTo(6, 5);
  });
});
