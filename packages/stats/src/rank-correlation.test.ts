import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRanks, kendallTau, pearsonCorrelation, spearmanRho } from './rank-correlation';

describe('averageRanks', () => {
  it('should give ties their mean rank', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });
});

describe('spearmanRho', () => {
  it('should match a hand-worked example', () => {
    // ranks x: 1 2 3 4 5, ranks y: 2 1 4 3 5 → d² = 1+1+1+1+0 = 4 → ρ = 1 − 6·4/(5·24) = 0.8
    expect(spearmanRho([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 10);
  });
  it('should be 1 for any increasing map and −1 for a decreasing one (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { minLength: 3, maxLength: 30 }), (xs) => {
        expect(
          spearmanRho(
            xs,
            xs.map((x) => x * 3 + 1),
          ),
        ).toBeCloseTo(1, 10);
        expect(
          spearmanRho(
            xs,
            xs.map((x) => -x),
          ),
        ).toBeCloseTo(-1, 10);
      }),
    );
  });
  it('should reject unpaired input', () => {
    expect(() => spearmanRho([1, 2], [1])).toThrow(/pairs/);
  });
});

describe('kendallTau', () => {
  it('should match a hand-worked example', () => {
    // pairs: (1,2)(1,3)(2,3)... x = 1 2 3 4, y = 1 3 2 4 → 5 concordant, 1 discordant → τ = 4/6
    expect(kendallTau([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(4 / 6, 10);
  });
  it('should stay within [−1, 1] and be symmetric (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 2,
          maxLength: 25,
        }),
        (pairs) => {
          const xs = pairs.map((pair) => pair[0]);
          const ys = pairs.map((pair) => pair[1]);
          const tau = kendallTau(xs, ys);
          const constant = new Set(xs).size < 2 || new Set(ys).size < 2;
          expect(Number.isNaN(tau)).toBe(constant);
          if (constant) return;
          expect(Math.abs(tau)).toBeLessThanOrEqual(1 + 1e-12);
          expect(kendallTau(ys, xs)).toBeCloseTo(tau, 12);
        },
      ),
    );
  });
});

describe('undefined correlations', () => {
  it('should be NaN, not 0, for a constant side or fewer than two pairs', () => {
    expect(spearmanRho([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(kendallTau([1, 2, 3], [4, 4, 4])).toBeNaN();
    expect(pearsonCorrelation([2], [3])).toBeNaN();
  });
});
