import { emotionSettingsSchema } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEmotionDelta, bandOf, endReasonOf, isGoodbye, thresholdReached } from './emotion-model';
import { EMOTION_PRESETS, resolveEmotionSettings } from './emotion-presets';

const sage = EMOTION_PRESETS.sage;
const train = EMOTION_PRESETS['rlver-train'];

describe('bandOf', () => {
  it('should follow the S/A/B/C/F thresholds', () => {
    expect([100, 99, 70, 69, 40, 39, 10, 9, 0, -5].map(bandOf)).toEqual([
      'S',
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'F',
      'F',
      'F',
    ]);
  });
  it('should be monotone in the score', () => {
    const order = ['F', 'C', 'B', 'A', 'S'];
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 200 }), fc.integer({ min: 0, max: 50 }), (score, step) => {
        expect(order.indexOf(bandOf(score + step))).toBeGreaterThanOrEqual(order.indexOf(bandOf(score)));
      }),
    );
  });
});

describe('applyEmotionDelta', () => {
  it('should clamp Δ to ±10 and cap at 100 in sage', () => {
    expect(applyEmotionDelta(sage, 40, 25)).toEqual({ emotion: 50, delta: 10 });
    expect(applyEmotionDelta(sage, 40, -30)).toEqual({ emotion: 30, delta: -10 });
    expect(applyEmotionDelta(sage, 95, 10)).toEqual({ emotion: 100, delta: 5 });
  });
  it('should bound Δ to ±20 and allow negative scores in rlver-train', () => {
    expect(applyEmotionDelta(train, 10, -45)).toEqual({ emotion: -10, delta: -20 });
    expect(applyEmotionDelta(train, 30, -999)).toEqual({ emotion: 10, delta: -20 });
    expect(applyEmotionDelta(train, 90, 30)).toEqual({ emotion: 100, delta: 10 });
  });
  it('should leave Δ unclamped only when asked (deltaClamp null, the reference)', () => {
    const unclamped = resolveEmotionSettings('rlver-train', { deltaClamp: null });
    expect(applyEmotionDelta(unclamped, 30, -45)).toEqual({ emotion: -15, delta: -45 });
  });
  it('should bound Δ in every preset', () => {
    for (const preset of Object.values(EMOTION_PRESETS)) expect(preset.deltaClamp).toBeGreaterThan(0);
  });
  it('should keep the score ≤ cap, |Δ| ≤ clamp, and score difference = applied Δ (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 100 }), fc.integer({ min: -60, max: 60 }), (emotion, proposed) => {
        const result = applyEmotionDelta(sage, emotion, proposed);
        expect(result.emotion).toBeLessThanOrEqual(100);
        expect(Math.abs(result.delta)).toBeLessThanOrEqual(10);
        expect(result.emotion - emotion).toBe(result.delta);
        if (emotion + Math.max(-10, Math.min(10, proposed)) <= 100)
          expect(result.delta).toBe(Math.max(-10, Math.min(10, proposed)));
      }),
    );
  });
  it('should honour a lower clamp override', () => {
    const floored = resolveEmotionSettings('rlver-train', { lowerClamp: 0 });
    expect(applyEmotionDelta(floored, 5, -40)).toEqual({ emotion: 0, delta: -5 });
  });
});

describe('thresholdReached', () => {
  it('should stop sage at ≥ 100 and below 10, not at 10', () => {
    expect(thresholdReached(sage, 100)).toBe('ceiling');
    expect(thresholdReached(sage, 9)).toBe('floor');
    expect(thresholdReached(sage, 10)).toBeUndefined();
  });
  it('should stop rlver-train at ≤ 0 and never at the ceiling', () => {
    expect(thresholdReached(train, 0)).toBe('floor');
    expect(thresholdReached(train, 1)).toBeUndefined();
    expect(thresholdReached(train, 100)).toBeUndefined();
  });
});

describe('endReasonOf', () => {
  it('should check goodbye before the thresholds', () => {
    expect(endReasonOf(sage, { emotion: 100, reply: '谢谢你，拜拜！' })).toBe('goodbye');
    expect(endReasonOf(sage, { emotion: 100, reply: '谢谢你' })).toBe('ceiling');
    expect(endReasonOf(sage, { emotion: 50, reply: 'ok, bye then' })).toBe('goodbye');
    expect(endReasonOf(sage, { emotion: 50, reply: 'maybe' })).toBeUndefined();
  });
});

describe('isGoodbye', () => {
  it('should match substrings in parity mode and ignore quotes in strict mode', () => {
    expect(isGoodbye('他说“再见”然后走了，我好难过')).toBe(true);
    expect(isGoodbye('他说“再见”然后走了，我好难过', 'strict')).toBe(false);
    expect(isGoodbye('好吧，再见。', 'strict')).toBe(true);
    expect(isGoodbye('Maybe bye-bye is best.', 'substring')).toBe(true);
    expect(isGoodbye('a byelaw question')).toBe(false);
  });
});

describe('resolveEmotionSettings', () => {
  it('should validate overrides and name the field', () => {
    expect(() => resolveEmotionSettings('sage', { maxPolicyTurns: 0 })).toThrow(/maxPolicyTurns/);
    expect(emotionSettingsSchema.parse(resolveEmotionSettings('sage', { initialEmotion: 50 })).initialEmotion).toBe(50);
  });
});
