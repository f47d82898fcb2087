import { describe, expect, it } from 'vitest';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import { areaUnderCurve, computeEmotionCurve, emotionPoints, turnsToSuccess, volatility } from './emotion-curve';
import { computeStrategyProfile } from './strategy-profile';
import { computeTrajectoryMetrics, endingKindOf } from './trajectory-metrics';

const rising = syntheticTrajectory({
  profileId: 'a',
  turns: [
    { reply: 'That sounds exhausting.', emotion: 50, labels: ['deep_empathy'] },
    { reply: 'You handled it well.', emotion: 100, labels: ['praise'] },
  ],
  stopReason: 'goodbye',
});
const falling = syntheticTrajectory({
  profileId: 'b',
  turns: [
    { reply: 'Just relax.', emotion: 30, labels: ['generic_comfort'] },
    { reply: 'Have you tried yoga?', emotion: 20, labels: ['advice', 'question'] },
    { reply: 'Cheer up.', emotion: 10, labels: ['generic_comfort'] },
    { reply: 'Whatever.', emotion: 5, labels: ['other'] },
  ],
  stopReason: 'floor',
});
const errored = syntheticTrajectory({
  profileId: 'c',
  turns: [{ reply: 'Hi', emotion: null }],
  stopReason: 'error',
  error: 'simulator timed out',
});

describe('emotionPoints', () => {
  it('should list the opening and the emotion after every judged reply only', () => {
    const withUnscored = syntheticTrajectory({
      profileId: 'x',
      turns: [
        { reply: 'one', emotion: 45 },
        { reply: 'two', emotion: null },
      ],
      stopReason: 'max_turns',
    });
    expect(emotionPoints(withUnscored)).toEqual([40, 45]);
  });
});

describe('computeEmotionCurve', () => {
  it('should carry final emotions forward and also average over live episodes', () => {
    const curve = computeEmotionCurve([
      [40, 50, 100],
      [40, 30, 20, 10, 5],
    ]);
    expect(curve.carried).toEqual([40, 40, 60, 55, 52.5]);
    expect(curve.live).toEqual([40, 40, 60, 10, 5]);
    expect(curve.liveCounts).toEqual([2, 2, 2, 1, 1]);
  });

  it('should extend to the horizon', () => {
    expect(computeEmotionCurve([[40, 50]], 3).carried).toEqual([40, 50, 50, 50]);
  });
});

describe('areaUnderCurve', () => {
  it('should give the trapezoid area divided by the horizon', () => {
    // Points 40, 50, 100 over 2 turns: (45 + 75) / 2 = 60.
    expect(areaUnderCurve([40, 50, 100], 2)).toBe(60);
    // Carried to horizon 4: (45 + 75 + 100 + 100) / 4 = 80.
    expect(areaUnderCurve([40, 50, 100], 4)).toBe(80);
  });
});

describe('volatility', () => {
  it('should be the population std of the per-turn changes', () => {
    expect(volatility([40, 50, 60])).toBe(0);
    expect(volatility([40, 50, 40])).toBe(10);
    expect(volatility([40])).toBe(0);
  });
});

describe('turnsToSuccess', () => {
  it('should count judged replies until the first success', () => {
    expect(turnsToSuccess([40, 50, 100], 100)).toBe(2);
    expect(turnsToSuccess([40, 50], 100)).toBeUndefined();
  });
});

describe('endingKindOf', () => {
  it('should split goodbyes by the final emotion (spec §4.1 combinations)', () => {
    expect(endingKindOf({ stopReason: 'goodbye', finalEmotion: 5 })).toBe('goodbye_floor');
    expect(endingKindOf({ stopReason: 'goodbye', finalEmotion: 100 })).toBe('goodbye_ceiling');
    expect(endingKindOf({ stopReason: 'goodbye', finalEmotion: 55 })).toBe('goodbye_mid');
    expect(endingKindOf({ stopReason: 'floor', finalEmotion: 5 })).toBe('floor_only');
    expect(endingKindOf({ stopReason: 'ceiling', finalEmotion: 100 })).toBe('ceiling_only');
    expect(endingKindOf({ stopReason: 'max_turns', finalEmotion: 60 })).toBe('turn_cap');
    expect(endingKindOf({ stopReason: 'error', finalEmotion: 60 })).toBe('error');
  });
});

describe('computeStrategyProfile', () => {
  it('should count each label once per reply and use recorded labels', () => {
    const profile = computeStrategyProfile([rising, falling]);
    expect(profile?.turns).toBe(6);
    expect(profile?.counts.generic_comfort).toBe(2);
    expect(profile?.shares.advice).toBeCloseTo(1 / 6);
    expect(profile?.source).toBe('trajectory');
    // ESC stages via @rlver/strategies: 'falling' reaches the action stage (advice), 'rising' does not.
    expect(profile?.esc.stageCoverage.action).toBe(0.5);
    expect(profile?.suggestionBeforeExplorationRate).toBeGreaterThanOrEqual(0);
    expect(profile?.suggestionBeforeExplorationRate).toBeLessThanOrEqual(1);
  });

  it('should tag unlabelled replies with the given tagger', () => {
    const unlabelled = syntheticTrajectory({
      profileId: 'u',
      turns: [{ reply: 'Well done!', emotion: 50 }],
      stopReason: 'max_turns',
    });
    const tagger = {
      taggerId: 'test',
      tag: (text: string) => ({ labels: text.includes('done') ? (['praise'] as const) : [] }),
    };
    const profile = computeStrategyProfile([unlabelled], tagger);
    expect(profile?.shares.praise).toBe(1);
    expect(profile?.source).toBe('test');
    expect(computeStrategyProfile([unlabelled])).toBeNull();
  });
});

describe('computeTrajectoryMetrics', () => {
  it('should exclude errors from curves but count them among stop reasons', () => {
    const metrics = computeTrajectoryMetrics([rising, falling, errored]);
    expect(metrics.episodes).toBe(2);
    expect(metrics.horizon).toBe(4);
    expect(metrics.curve.carried).toEqual([40, 40, 60, 55, 52.5]);
    expect(metrics.stopReasons).toEqual({ goodbye: 1, floor: 1, error: 1 });
    expect(metrics.endings).toEqual({ goodbye_ceiling: 1, floor_only: 1, error: 1 });
    expect(metrics.turnsToSuccess).toEqual({ episodes: 1, mean: 2, median: 2 });
    expect(metrics.turnsPerEpisode).toBe(3);
    // AUC over 4 turns: rising (45+75+100+100)/4 = 80; falling (35+25+15+7.5)/4 = 20.625.
    expect(metrics.auc).toBeCloseTo((80 + 20.625) / 2);
    expect(metrics.responseLength.meanChars).toBeCloseTo(
      [
        'That sounds exhausting.',
        'You handled it well.',
        'Just relax.',
        'Have you tried yoga?',
        'Cheer up.',
        'Whatever.',
      ]
        .map((text) => text.length)
        .reduce((a, b) => a + b, 0) / 6,
    );
    expect(metrics.strategies?.turns).toBe(6);
  });
});
