import { STRATEGY_LABELS, type StrategyLabel, type Trajectory } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeEscShares } from './esc-shares';
import { computeLabelDistribution, computeStrategyShift } from './label-distribution';
import { type LabelledDialogue, toLabelledDialogues } from './labelled-dialogue';
import { computeStrategyEntropy } from './strategy-entropy';
import { computeStrategyMetrics } from './strategy-metrics';
import { computeStrategySequences, computeSuggestionBeforeExplorationRate } from './strategy-sequences';

const labelArbitrary = fc.constantFrom(...STRATEGY_LABELS);
const dialoguesArbitrary = fc.array(fc.array(fc.uniqueArray(labelArbitrary, { maxLength: 4 }), { maxLength: 6 }), {
  maxLength: 6,
});

describe('computeLabelDistribution', () => {
  it('should give the share of assistant turns carrying each label (hand-computed)', () => {
    const dialogues: LabelledDialogue[] = [
      [['question'], ['deep_empathy', 'advice']],
      [['deep_empathy'], [], ['advice', 'advice']],
    ];
    const distribution = computeLabelDistribution(dialogues);
    expect(distribution.turnCount).toBe(5);
    expect(distribution.counts.deep_empathy).toBe(2);
    expect(distribution.counts.advice).toBe(2);
    expect(distribution.shares.question).toBeCloseTo(0.2, 12);
    expect(distribution.shares.deep_empathy).toBeCloseTo(0.4, 12);
    expect(distribution.shares.praise).toBe(0);
  });

  it('should give zero shares without turns', () => {
    expect(computeLabelDistribution([]).shares.advice).toBe(0);
  });

  it('should keep every share in [0, 1]', () => {
    fc.assert(
      fc.property(dialoguesArbitrary, (dialogues) => {
        const { shares } = computeLabelDistribution(dialogues);
        for (const label of STRATEGY_LABELS) {
          expect(shares[label]).toBeGreaterThanOrEqual(0);
          expect(shares[label]).toBeLessThanOrEqual(1);
        }
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});

describe('computeStrategyShift', () => {
  it('should give the per-label difference after minus before (hand-computed)', () => {
    const before: LabelledDialogue[] = [[['advice'], ['advice'], ['question'], ['generic_comfort']]];
    const after: LabelledDialogue[] = [[['praise', 'deep_empathy'], ['deep_empathy']]];
    const shift = computeStrategyShift(before, after);
    expect(shift.difference.advice).toBeCloseTo(-0.5, 12);
    expect(shift.difference.deep_empathy).toBeCloseTo(1, 12);
    expect(shift.difference.praise).toBeCloseTo(0.5, 12);
    expect(shift.difference.generic_comfort).toBeCloseTo(-0.25, 12);
  });

  it('should have differences that sum to the change in total share, and none for identical sets', () => {
    fc.assert(
      fc.property(dialoguesArbitrary, dialoguesArbitrary, (before, after) => {
        const shift = computeStrategyShift(before, after);
        const sum = (shares: Record<StrategyLabel, number>) =>
          STRATEGY_LABELS.reduce((total, label) => total + shares[label], 0);
        expect(sum(shift.difference)).toBeCloseTo(sum(shift.after.shares) - sum(shift.before.shares), 9);
        const same = computeStrategyShift(before, before);
        for (const label of STRATEGY_LABELS) expect(same.difference[label]).toBe(0);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

describe('computeStrategyEntropy', () => {
  it('should equal log2(k) for k equal shares', () => {
    expect(computeStrategyEntropy({ praise: 0.5, advice: 0.5 })).toBeCloseTo(1, 12);
    expect(computeStrategyEntropy({ praise: 0.1, advice: 0.1, question: 0.1, other: 0.1 })).toBeCloseTo(2, 12);
    const all = Object.fromEntries(STRATEGY_LABELS.map((label) => [label, 0.3]));
    expect(computeStrategyEntropy(all)).toBeCloseTo(Math.log2(13), 12);
  });

  it('should match a hand-computed value and be 0 for one or no label', () => {
    // shares 0.5, 0.25, 0.25 → 0.5·1 + 2·0.25·2 = 1.5 bits
    expect(computeStrategyEntropy({ advice: 0.5, praise: 0.25, question: 0.25 })).toBeCloseTo(1.5, 12);
    expect(computeStrategyEntropy({ advice: 0.7 })).toBe(0);
    expect(computeStrategyEntropy({})).toBe(0);
  });

  it('should lie between 0 and log2 of the number of labels with a share', () => {
    fc.assert(
      fc.property(fc.dictionary(labelArbitrary, fc.double({ min: 0, max: 1, noNaN: true })), (shares) => {
        const positive = Object.values(shares).filter((value) => value > 0).length;
        const entropy = computeStrategyEntropy(shares);
        expect(entropy).toBeGreaterThanOrEqual(-1e-12);
        expect(entropy).toBeLessThanOrEqual(Math.log2(Math.max(positive, 1)) + 1e-9);
      }),
      { seed: 3, numRuns: 300 },
    );
  });
});

describe('computeStrategySequences', () => {
  it('should render each turn as its labels joined with +', () => {
    expect(computeStrategySequences([[['question'], ['deep_empathy', 'advice'], []]])).toEqual([
      ['question', 'deep_empathy+advice', '-'],
    ]);
  });
});

describe('computeSuggestionBeforeExplorationRate', () => {
  it('should count dialogues whose first advice comes before any exploration', () => {
    const dialogues: LabelledDialogue[] = [
      [['advice'], ['question']],
      [['question'], ['advice']],
      [['active_listening', 'advice']],
      [['praise']],
    ];
    expect(computeSuggestionBeforeExplorationRate(dialogues)).toBeCloseTo(1 / 3, 12);
    expect(computeSuggestionBeforeExplorationRate([[['praise']]])).toBe(0);
  });
});

describe('computeEscShares', () => {
  it('should map labels to ESConv strategies and measure stage coverage', () => {
    const dialogues: LabelledDialogue[] = [[['question'], ['praise', 'validation']], [['advice', 'information']]];
    const esc = computeEscShares(dialogues);
    expect(esc.turnCount).toBe(3);
    expect(esc.shares.affirmation_and_reassurance).toBeCloseTo(1 / 3, 12);
    expect(esc.shares.providing_suggestions).toBeCloseTo(1 / 3, 12);
    expect(esc.stageCoverage.exploration).toBeCloseTo(0.5, 12);
    expect(esc.stageCoverage.action).toBeCloseTo(0.5, 12);
  });
});

describe('toLabelledDialogues', () => {
  it('should tag reply texts and keep the stored labels of trajectory turns', () => {
    const turn = (reply: string, strategyLabels: StrategyLabel[]) =>
      ({ reply, strategyLabels }) as unknown as Trajectory['turns'][number];
    const trajectory = {
      lang: 'zh',
      turns: [turn('别难过，会好起来的。', []), turn('x', ['praise'])],
    } as unknown as Trajectory;
    const dialogues = toLabelledDialogues([trajectory, ['你们是什么时候认识的？']]);
    expect(dialogues).toEqual([[['generic_comfort'], ['praise']], [['question']]]);
  });
});

describe('computeStrategyMetrics', () => {
  it('should report documented metric keys', () => {
    const metrics = computeStrategyMetrics([[['praise'], ['deep_empathy']]]);
    expect(metrics['strategies/praise_fraction']).toBeCloseTo(0.5, 12);
    expect(metrics['strategies/entropy_bits']).toBeCloseTo(1, 12);
    expect(metrics['strategies/turn_count']).toBe(2);
  });
});
