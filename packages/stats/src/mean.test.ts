import { describe, expect, it } from 'vitest';
import { bootstrapInterval } from './bootstrap-interval';
import { mean, meanAndStd } from './mean';

describe('mean', () => {
  it('should average, and give the caller-chosen value (default 0) for no values', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBe(0);
    expect(mean([], Number.NaN)).toBeNaN();
  });
});

describe('meanAndStd', () => {
  it('should use the n − 1 sample standard deviation', () => {
    const { mean: average, std } = meanAndStd([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(average).toBe(5);
    expect(std).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });
  it('should give std 0 for one value and NaN for none', () => {
    expect(meanAndStd([3.5])).toEqual({ mean: 3.5, std: 0 });
    const empty = meanAndStd([]);
    expect(empty.mean).toBeNaN();
    expect(empty.std).toBeNaN();
  });
});

describe('bootstrapInterval', () => {
  const values = [1, 3, 2, 5, 4, 6, 2, 8, 7, 3];
  it('should bracket the mean and repeat exactly for a seed', () => {
    const interval = bootstrapInterval(values, { seed: 7, resamples: 500 });
    expect(interval.estimate).toBe(4.1);
    expect(interval.low).toBeLessThan(4.1);
    expect(interval.high).toBeGreaterThan(4.1);
    expect(bootstrapInterval(values, { seed: 7, resamples: 500 })).toEqual(interval);
  });
  it('should narrow as the confidence falls', () => {
    const wide = bootstrapInterval(values, { seed: 1, confidence: 0.95 });
    const narrow = bootstrapInterval(values, { seed: 1, confidence: 0.5 });
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
  });
  it('should reject a confidence outside (0, 1), naming the field', () => {
    expect(() => bootstrapInterval(values, { seed: 1, confidence: 95 })).toThrow(
      /confidence must lie in \(0, 1\); got 95/,
    );
  });
});
