import { averageRanks, spearmanRho } from '@rlver/stats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LabelledReplyRecord, labelledReplySchema, resolveLabelledReplies } from './labelled-reply';
import { computeMultiLabelScores } from './multi-label-scores';

describe('computeMultiLabelScores', () => {
  it('should compute per-label and micro precision, recall and F1 (hand-computed)', () => {
    const scores = computeMultiLabelScores(
      [['advice', 'praise'], ['question'], ['advice']],
      [['advice'], ['question', 'praise'], ['other']],
    );
    // advice: tp 1, fn 1 → P 1, R 0.5; praise: fp 1, fn 1; question: tp 1; other: fp 1
    expect(scores.perLabel.advice.precision).toBe(1);
    expect(scores.perLabel.advice.recall).toBe(0.5);
    expect(scores.perLabel.advice.f1).toBeCloseTo(2 / 3, 12);
    expect(scores.perLabel.praise.f1).toBe(0);
    // micro: tp 2, fp 2, fn 2 → P = R = F1 = 0.5
    expect(scores.micro.f1).toBeCloseTo(0.5, 12);
    expect(scores.exactMatch).toBe(0);
  });

  it('should score perfect predictions as 1', () => {
    const gold = [['advice', 'praise'], ['other']] as const;
    const scores = computeMultiLabelScores(gold, gold);
    expect(scores.micro.f1).toBe(1);
    expect(scores.exactMatch).toBe(1);
  });
});

describe('spearmanRho (from @rlver/stats, as the tag evaluation uses it)', () => {
  it('should give average ranks to ties', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('should be 1 for monotone and -1 for reversed data, NaN for constant data', () => {
    expect(spearmanRho([1, 2, 3, 4], [10, 100, 1000, 10000])).toBeCloseTo(1, 12);
    expect(spearmanRho([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearmanRho([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('should match the textbook formula without ties (hand-computed)', () => {
    // ranks x = 1..5, y = 2,1,4,3,5 → Σd² = 4 → 1 − 6·4/(5·24) = 0.8
    expect(spearmanRho([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 12);
  });

  it('should stay in [-1, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer(), fc.integer()), { minLength: 2, maxLength: 20 }), (pairs) => {
        const rho = spearmanRho(
          pairs.map((pair) => pair[0]),
          pairs.map((pair) => pair[1]),
        );
        if (!Number.isNaN(rho)) {
          expect(rho).toBeGreaterThanOrEqual(-1 - 1e-9);
          expect(rho).toBeLessThanOrEqual(1 + 1e-9);
        } else {
          expect(Number.isNaN(rho)).toBe(true);
        }
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});

describe('resolveLabelledReplies', () => {
  const record = (text: string, split?: 'dev' | 'test'): LabelledReplyRecord => ({
    text,
    lang: 'en',
    labels: ['other'],
    ...(split ? { split } : {}),
  });

  it('should split a file without splits by position: even index dev, odd test', () => {
    const resolved = resolveLabelledReplies([record('a'), record('b'), record('c'), record('d')], 'auto');
    expect(resolved.map((item) => item.split)).toEqual(['dev', 'test', 'dev', 'test']);
    expect(resolved.map((item) => item.id)).toEqual(['item-000', 'item-001', 'item-002', 'item-003']);
  });

  it('should keep given splits and treat a missing one as test', () => {
    const resolved = resolveLabelledReplies([record('a', 'dev'), record('b'), record('c', 'dev')], 'auto');
    expect(resolved.map((item) => item.split)).toEqual(['dev', 'test', 'dev']);
  });

  it('should split by position when asked, whatever the records say', () => {
    const resolved = resolveLabelledReplies([record('a', 'test'), record('b', 'dev')], 'index');
    expect(resolved.map((item) => item.split)).toEqual(['dev', 'test']);
  });

  it('should accept records with an author and without id or split, and reject unknown fields', () => {
    const line = { text: 'Hi.', lang: 'en', labels: ['other'], author: 'independent' };
    expect(labelledReplySchema.safeParse(line).success).toBe(true);
    expect(labelledReplySchema.safeParse({ ...line, extra: 1 }).success).toBe(false);
  });
});
