import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskedMean, maskedSum, maskedVariance, maskedWhiten } from './masked-stats';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const values = tf.tensor2d([
  [1, 2, 100],
  [3, 4, -50],
]);
const mask = tf.tensor2d([
  [1, 1, 0],
  [1, 1, 0],
]);

describe('maskedSum', () => {
  it('should sum only masked elements, overall and per row', () => {
    expect(maskedSum(values, mask).dataSync()[0]).toBe(10);
    expect(Array.from(maskedSum(values, mask, 1).dataSync())).toEqual([3, 7]);
  });
});

describe('maskedMean', () => {
  it('should average only masked elements and give 0 for an empty mask', () => {
    expect(maskedMean(values, mask).dataSync()[0]).toBeCloseTo(2.5, 6);
    expect(Array.from(maskedMean(values, mask, 1).dataSync())).toEqual([1.5, 3.5]);
    expect(maskedMean(values, tf.zerosLike(mask)).dataSync()[0]).toBe(0);
  });
});

describe('maskedVariance', () => {
  it('should compute the unbiased variance of masked elements by hand', () => {
    // values 1,2,3,4: mean 2.5, Σ(x−m)² = 5, unbiased 5/3, biased 5/4
    expect(maskedVariance(values, mask).dataSync()[0]).toBeCloseTo(5 / 3, 5);
    expect(maskedVariance(values, mask, false).dataSync()[0]).toBeCloseTo(1.25, 5);
  });
});

describe('maskedWhiten', () => {
  it('should whiten masked elements by hand', () => {
    const whitened = maskedWhiten(values, mask).arraySync();
    const std = Math.sqrt(5 / 3 + 1e-8);
    expect(whitened[0]?.[0]).toBeCloseTo((1 - 2.5) / std, 5);
    expect(whitened[1]?.[1]).toBeCloseTo((4 - 2.5) / std, 5);
    expect(maskedWhiten(values, mask, false).arraySync()[0]?.[0]).toBeCloseTo((1 - 2.5) / std + 2.5, 5);
  });

  it('should give masked mean 0 and unbiased variance 1 for any input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -100, max: 100 }), fc.boolean()), { minLength: 3, maxLength: 30 }),
        (entries) => {
          const spread = new Set(entries.filter(([, keep]) => keep).map(([value]) => value));
          fc.pre(spread.size >= 2);
          const x = tf.tensor1d(entries.map(([value]) => value));
          const m = tf.tensor1d(entries.map(([, keep]) => (keep ? 1 : 0)));
          const whitened = maskedWhiten(x, m);
          expect(maskedMean(whitened, m).dataSync()[0]).toBeCloseTo(0, 3);
          expect(maskedVariance(whitened, m).dataSync()[0]).toBeCloseTo(1, 3);
          tf.dispose([x, m, whitened]);
        },
      ),
      { seed: 3, numRuns: 100 },
    );
  });

  it('should not leak tensors', () => {
    maskedWhiten(values, mask).dispose();
    const before = tf.memory().numTensors;
    maskedWhiten(values, mask).dispose();
    maskedVariance(values, mask).dispose();
    maskedMean(values, mask).dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
