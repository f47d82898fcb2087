import { describe, expect, it } from 'vitest';
import { computeWarmupSteps, warmupLearningRate } from './learning-rate-schedule';

describe('computeWarmupSteps', () => {
  it('should floor ratio × total steps (paper: 0.02 × 1000 = 20, 0.05 × 1000 = 50)', () => {
    expect(computeWarmupSteps(0.02, 1000)).toBe(20);
    expect(computeWarmupSteps(0.05, 1000)).toBe(50);
    expect(computeWarmupSteps(0.02, 10)).toBe(0);
  });
});

describe('warmupLearningRate', () => {
  it('should rise linearly to the base rate and then stay constant', () => {
    expect(warmupLearningRate(1e-6, 0, 20)).toBeCloseTo(5e-8, 15);
    expect(warmupLearningRate(1e-6, 9, 20)).toBeCloseTo(5e-7, 15);
    expect(warmupLearningRate(1e-6, 19, 20)).toBe(1e-6);
    expect(warmupLearningRate(1e-6, 500, 20)).toBe(1e-6);
    expect(warmupLearningRate(1e-6, 0, 0)).toBe(1e-6);
  });
});
