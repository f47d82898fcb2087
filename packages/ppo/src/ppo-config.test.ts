import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { resolvePPOConfig } from './ppo-config';

describe('resolvePPOConfig', () => {
  it("should default to the paper's hyperparameters (spec §6.5)", () => {
    const config = resolvePPOConfig();
    expect(config).toMatchObject({
      learningRate: 1e-6,
      criticLearningRate: 5e-6,
      warmupRatio: 0.02,
      criticWarmupRatio: 0.05,
      clipRatioLow: 0.2,
      valueClip: 0.5,
      entropyCoefficient: 0.001,
      gamma: 1,
      lambda: 1,
      klMode: 'none',
      klCoefficient: 0,
      epochs: 1,
      maxGradNorm: 1,
      warmupSteps: 20,
      criticWarmupSteps: 50,
      samplingTemperature: 1,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('should resolve the KL estimator per mode', () => {
    expect(resolvePPOConfig({ klMode: 'reward', klCoefficient: 0.01 }).resolvedKlEstimator).toBe('k1');
    expect(resolvePPOConfig({ klMode: 'loss', klCoefficient: 0.01 }).resolvedKlEstimator).toBe('k3');
    expect(resolvePPOConfig({ klMode: 'loss', klCoefficient: 0.01, klEstimator: 'k2' }).resolvedKlEstimator).toBe('k2');
  });

  it('should reject unknown fields and bad values with the field name', () => {
    expect(() => resolvePPOConfig({ learningRat: 1 } as never)).toThrow(InvalidConfigError);
    try {
      resolvePPOConfig({ gamma: 2 });
    } catch (error) {
      expect(error).toMatchObject({ field: 'gamma' });
    }
  });

  it('should name the new field of a renamed one (old config files)', () => {
    expect(() => resolvePPOConfig({ actorLearningRate: 1e-3 } as never)).toThrow(
      /field "actorLearningRate" was renamed; use learningRate/,
    );
    expect(() => resolvePPOConfig({ clipRatio: 0.2 } as never)).toThrow(/use clipRatioLow/);
    expect(() => resolvePPOConfig({ maxErrorFraction: 0.5 } as never)).toThrow(/top level of the train config/);
  });

  it('should say what to change when fields contradict each other', () => {
    const cases: Array<[Parameters<typeof resolvePPOConfig>[0], string, RegExp]> = [
      [{ klMode: 'reward' }, 'klCoefficient', /set klCoefficient > 0/],
      [{ klCoefficient: 0.05 }, 'klMode', /set klMode to 'reward' or 'loss'/],
      [{ klMode: 'loss', klCoefficient: 0.1, klController: 'adaptive' }, 'klController', /set klMode 'reward'/],
      [{ clipRatioLow: 0.2, clipRatioHigh: 0.1 }, 'clipRatioHigh', /set it ≥ clipRatioLow/],
      [{ lossNormalizer: 512 }, 'lossNormalizer', /sequence-sum-norm/],
    ];
    for (const [input, field, message] of cases) {
      const error = (() => {
        try {
          resolvePPOConfig(input);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(InvalidConfigError);
      expect(error).toMatchObject({ field });
      expect((error as Error).message).toMatch(message);
    }
  });
});
