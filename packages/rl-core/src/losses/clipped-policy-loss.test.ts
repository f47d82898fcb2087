import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskedMean } from '../masked-stats';
import { computeClippedPolicyLoss } from './clipped-policy-loss';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('computeClippedPolicyLoss', () => {
  it('should match a 2-token example computed by hand', () => {
    // token 1: ratio e^0.5 = 1.6487 > 1.2, A = +1 → clipped branch: max(−1.6487, −1.2) = −1.2 (clipped)
    // token 2: ratio e^−0.5 = 0.6065 < 0.8, A = +2 → max(−1.2131, −1.6) = −1.2131 (not clipped)
    const terms = computeClippedPolicyLoss({
      logProbs: tf.tensor2d([[-0.5, -1.5]]),
      oldLogProbs: tf.tensor2d([[-1, -1]]),
      advantages: tf.tensor2d([[1, 2]]),
      clipRatioLow: 0.2,
      clipRatioHigh: 0.2,
    });
    const loss = terms.perTokenLoss.arraySync()[0] ?? [];
    expect(loss[0]).toBeCloseTo(-1.2, 5);
    expect(loss[1]).toBeCloseTo(-2 * Math.exp(-0.5), 5);
    expect(terms.clipped.arraySync()[0]).toEqual([1, 0]);
    const approxKl = terms.approxKl.arraySync()[0] ?? [];
    expect(approxKl[0]).toBeCloseTo(Math.exp(0.5) - 1 - 0.5, 5);
    expect(approxKl[1]).toBeCloseTo(Math.exp(-0.5) - 1 + 0.5, 5);
    // masked mean of the two tokens = the spec §6.3 pg loss
    const pg = maskedMean(terms.perTokenLoss, tf.ones([1, 2])).dataSync()[0];
    expect(pg).toBeCloseTo((-1.2 - 2 * Math.exp(-0.5)) / 2, 5);
  });

  it('should clip the upper side at 1 + ε_high (clip-higher)', () => {
    const terms = computeClippedPolicyLoss({
      logProbs: tf.tensor2d([[Math.log(1.25)]]),
      oldLogProbs: tf.tensor2d([[0]]),
      advantages: tf.tensor2d([[1]]),
      clipRatioLow: 0.2,
      clipRatioHigh: 0.28,
    });
    expect(terms.perTokenLoss.dataSync()[0]).toBeCloseTo(-1.25, 5);
    expect(terms.clipped.dataSync()[0]).toBe(0);
  });

  it('should keep the clip fraction in [0, 1] and approx KL ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        (entries, clip) => {
          const terms = computeClippedPolicyLoss({
            logProbs: tf.tensor2d([entries.map(([logRatio]) => logRatio - 1)]),
            oldLogProbs: tf.tensor2d([entries.map(() => -1)]),
            advantages: tf.tensor2d([entries.map(([, advantage]) => advantage)]),
            clipRatioLow: clip,
            clipRatioHigh: clip,
          });
          const fraction = maskedMean(terms.clipped, tf.onesLike(terms.clipped)).dataSync()[0] ?? -1;
          expect(fraction).toBeGreaterThanOrEqual(0);
          expect(fraction).toBeLessThanOrEqual(1);
          expect(Math.min(...terms.approxKl.dataSync())).toBeGreaterThanOrEqual(-1e-6);
        },
      ),
      { seed: 11, numRuns: 100 },
    );
  });
});
