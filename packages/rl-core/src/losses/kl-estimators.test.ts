import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateKl, estimateKlTensor, type KlEstimator } from './kl-estimators';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const p = [0.5, 0.3, 0.2];
const q = [0.25, 0.25, 0.5];
const exactKl = p.reduce(
  (total, probability, index) => total + probability * Math.log(probability / (q[index] ?? 1)),
  0,
);

function expectation(estimator: KlEstimator): number {
  return p.reduce(
    (total, probability, index) =>
      total + probability * estimateKl(Math.log(probability), Math.log(q[index] ?? 1), estimator),
    0,
  );
}

describe('estimateKl', () => {
  it('should give known per-token values', () => {
    // log π = −1, log π_ref = −2: k1 = 1, k2 = 0.5, k3 = e^{−1} + 1 − 1 = 0.3679
    expect(estimateKl(-1, -2, 'k1')).toBeCloseTo(1, 10);
    expect(estimateKl(-1, -2, 'k2')).toBeCloseTo(0.5, 10);
    expect(estimateKl(-1, -2, 'k3')).toBeCloseTo(Math.exp(-1), 10);
    expect(estimateKl(-1, -1, 'k3')).toBe(0);
  });

  it('should make k1 and k3 unbiased for KL(p‖q) on a known distribution', () => {
    expect(exactKl).toBeCloseTo(0.5 * Math.log(2) + 0.3 * Math.log(1.2) + 0.2 * Math.log(0.4), 10);
    expect(expectation('k1')).toBeCloseTo(exactKl, 10);
    expect(expectation('k3')).toBeCloseTo(exactKl, 10);
    // k2 is biased: E[½ log² r] differs from KL here
    expect(Math.abs(expectation('k2') - exactKl)).toBeGreaterThan(1e-3);
  });
});

describe('estimateKlTensor', () => {
  it('should agree with the scalar estimators', () => {
    const logProbs = tf.tensor1d([-1, -0.2, -3, -0.7]);
    const referenceLogProbs = tf.tensor1d([-2, -0.1, -0.5, -0.7]);
    for (const estimator of ['k1', 'k2', 'k3'] as const) {
      const tensor = Array.from(estimateKlTensor(logProbs, referenceLogProbs, estimator).dataSync());
      const scalars = [
        [-1, -2],
        [-0.2, -0.1],
        [-3, -0.5],
        [-0.7, -0.7],
      ].map(([a, b]) => estimateKl(a ?? 0, b ?? 0, estimator));
      tensor.forEach((value, index) => {
        expect(value).toBeCloseTo(scalars[index] ?? Number.NaN, 5);
      });
    }
  });

  it('should clamp k3 at 10', () => {
    expect(estimateKlTensor(tf.tensor1d([-20]), tf.tensor1d([0]), 'k3').dataSync()[0]).toBe(10);
    expect(estimateKl(-20, 0, 'k3')).toBe(10);
  });
});
