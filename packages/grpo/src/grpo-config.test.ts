import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { resolveGRPOConfig } from './grpo-config';

describe('resolveGRPOConfig', () => {
  it("should default to the paper's GRPO settings (spec §6.2, §6.5)", () => {
    expect(resolveGRPOConfig()).toMatchObject({
      groupSize: 4,
      learningRate: 1e-6,
      warmupRatio: 0.02,
      warmupSteps: 20,
      clipRatioLow: 0.2,
      entropyCoefficient: 0.001,
      klCoefficient: 0,
      scaleRewards: 'group',
      advantageEpsilon: 1e-6,
      lossAggregation: 'token-mean',
      groupStatistics: 'dialogue',
      epochs: 1,
      maxGradNorm: 1,
    });
  });

  it('should explain a group size of 1 in the house-style words', () => {
    expect(() => resolveGRPOConfig({ groupSize: 1 })).toThrow(
      'groupSize is 1; set it to ≥ 2: GRPO advantages are computed per group.',
    );
  });

  it('should reject contradicting fields with the field to change', () => {
    const cases: Array<[Parameters<typeof resolveGRPOConfig>[0], string, RegExp]> = [
      [{ groupStatistics: 'turn-sample' }, 'groupStatistics', /set packing 'per-turn'/],
      [{ clipRatioHigh: 0.1 }, 'clipRatioHigh', /set it ≥ clipRatioLow/],
      [{ lossNormalizer: 256 }, 'lossNormalizer', /sequence-sum-norm/],
      [{ groupSize: 4, extra: true } as never, '', /extra/],
    ];
    for (const [input, field, message] of cases) {
      let caught: unknown;
      try {
        resolveGRPOConfig(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidConfigError);
      if (field) expect(caught).toMatchObject({ field });
      expect((caught as Error).message).toMatch(message);
    }
  });
});
