import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeValueLoss, explainedVariance } from './ppo-loss';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('computeValueLoss', () => {
  const inputs = {
    values: tf.tensor2d([[1.0, 2.0, 7]]),
    oldValues: tf.tensor2d([[0.8, 1.0, 0]]),
    returns: tf.tensor2d([[1.5, 2.2, 0]]),
    valueMask: tf.tensor2d([[1, 1, 0]]),
    tokenCount: 2,
  };

  it('should compute the clipped value loss by hand', () => {
    // t0: (1 − 1.5)² = 0.25; clipped V = 0.8 + 0.2 = 1.0 → 0.25 → 0.25 (not clipped)
    // t1: (2 − 2.2)² = 0.04; clipped V = 1.0 + 0.5 = 1.5 → 0.49 → 0.49 (clipped)
    const { loss, clippedSum } = computeValueLoss({ ...inputs, valueClip: 0.5 });
    expect(loss.dataSync()[0]).toBeCloseTo((0.5 * (0.25 + 0.49)) / 2, 6);
    expect(clippedSum.dataSync()[0]).toBe(1);
  });

  it('should use ½(V − R)² without value clipping', () => {
    const { loss, clippedSum } = computeValueLoss({ ...inputs, valueClip: null });
    expect(loss.dataSync()[0]).toBeCloseTo((0.5 * (0.25 + 0.04)) / 2, 6);
    expect(clippedSum.dataSync()[0]).toBe(0);
  });
});

describe('explainedVariance', () => {
  it('should be 1 − Var(R − V)/Var(R) over masked positions, and 0 for constant returns', () => {
    // R = 1, 3 (var 1); R − V = 0.5, 0.5 (var 0) → 1
    expect(explainedVariance([[0.5, 2.5, 100]], [[1, 3, 0]], [[1, 1, 0]])).toBeCloseTo(1, 10);
    // V = 0: R − V = R → 0
    expect(explainedVariance([[0, 0]], [[1, 3]], [[1, 1]])).toBeCloseTo(0, 10);
    expect(explainedVariance([[0, 1]], [[2, 2]], [[1, 1]])).toBe(0);
  });
});
