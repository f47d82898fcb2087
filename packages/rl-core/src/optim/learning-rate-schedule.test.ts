import { describe, expect, it } from 'vitest';
import { computeWarmupSteps, scheduledLearningRate, warmupLearningRate } from './learning-rate-schedule';

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

describe('scheduledLearningRate', () => {
  const base = { baseLearningRate: 1e-3, warmupSteps: 10, totalSteps: 110, minRatio: 0.1 };
  it('should warm up alike for every decay, then decay linearly or by a cosine to minRatio × base', () => {
    for (const decay of ['constant', 'linear', 'cosine'] as const) {
      expect(scheduledLearningRate({ ...base, decay, step: 4 })).toBeCloseTo(5e-4, 12);
    }
    expect(scheduledLearningRate({ ...base, decay: 'constant', step: 60 })).toBe(1e-3);
    expect(scheduledLearningRate({ ...base, decay: 'linear', step: 10 })).toBeCloseTo(1e-3, 12);
    // Half-way (step 60 of the 100 decay steps): linear 0.1 + 0.9 × 0.5, cosine the same at p = ½.
    expect(scheduledLearningRate({ ...base, decay: 'linear', step: 60 })).toBeCloseTo(1e-3 * 0.55, 12);
    expect(scheduledLearningRate({ ...base, decay: 'cosine', step: 60 })).toBeCloseTo(1e-3 * 0.55, 12);
    // A quarter of the way: cosine keeps more of the rate than linear (0.1 + 0.9 × 0.854 against × 0.75).
    expect(scheduledLearningRate({ ...base, decay: 'linear', step: 35 })).toBeCloseTo(1e-3 * (0.1 + 0.9 * 0.75), 12);
    expect(scheduledLearningRate({ ...base, decay: 'cosine', step: 35 })).toBeCloseTo(
      1e-3 * (0.1 + 0.9 * 0.5 * (1 + Math.cos(Math.PI / 4))),
      12,
    );
    expect(scheduledLearningRate({ ...base, decay: 'cosine', step: 110 })).toBeCloseTo(1e-4, 12);
    expect(scheduledLearningRate({ ...base, decay: 'linear', step: 500 })).toBeCloseTo(1e-4, 12);
  });
});
