import { meanAndStd } from '@rlver/stats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundMeanHalfUp } from './round-half-up';

describe('roundMeanHalfUp', () => {
  it('should round exact halves up from the integer sum (spec §7.1 cases)', () => {
    expect(roundMeanHalfUp(3755, 100)).toBe(37.6);
    expect(roundMeanHalfUp(2895, 100)).toBe(29);
    expect(roundMeanHalfUp(6125, 100)).toBe(61.3);
    expect(roundMeanHalfUp(5480, 100)).toBe(54.8);
  });

  it('should handle counts other than 100 exactly (e.g. 97 profiles after exclusions)', () => {
    // 3636 / 97 = 37.4845… → 37.5; 1/8 = 0.125 → 0.1 (one decimal: 0.125 → 0.1, not a tie).
    expect(roundMeanHalfUp(3636, 97)).toBe(37.5);
    expect(roundMeanHalfUp(1, 8)).toBe(0.1);
    expect(roundMeanHalfUp(3, 8)).toBe(0.4);
    expect(roundMeanHalfUp(1, 20)).toBe(0.1);
  });

  it('should round ties toward +infinity for negative sums', () => {
    expect(roundMeanHalfUp(-5, 100)).toBe(0);
    expect(roundMeanHalfUp(-15, 100)).toBe(-0.1);
    expect(roundMeanHalfUp(-16, 100)).toBe(-0.2);
  });

  it('should match a rational reference for random integer sums and counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20000, max: 20000 }), fc.integer({ min: 1, max: 500 }), (sum, count) => {
        const result = roundMeanHalfUp(sum, count);
        const tenths = Math.round(result * 10);
        // tenths/10 - 1/20 <= sum/count < tenths/10 + 1/20, in integers:
        expect(20 * sum).toBeGreaterThanOrEqual(count * (2 * tenths - 1));
        expect(20 * sum).toBeLessThan(count * (2 * tenths + 1));
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('should reject a count that is not a positive integer', () => {
    expect(() => roundMeanHalfUp(10, 0)).toThrow(RangeError);
  });
});

describe('meanAndStd', () => {
  it('should give the sample standard deviation', () => {
    const result = meanAndStd([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(result.mean).toBe(5);
    expect(result.std).toBeCloseTo(2.138, 3);
  });

  it('should give std 0 for one value', () => {
    expect(meanAndStd([3])).toEqual({ mean: 3, std: 0 });
  });
});
