import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iterateMinibatches } from './minibatches';

describe('iterateMinibatches', () => {
  it('should partition every epoch into near-equal minibatches covering each sample once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (sampleCount, minibatchCount, epochs, seed) => {
          const batches = [...iterateMinibatches({ sampleCount, minibatchCount, epochs, seed })];
          const perEpoch = Math.min(minibatchCount, sampleCount);
          expect(batches).toHaveLength(perEpoch * epochs);
          for (let epoch = 0; epoch < epochs; epoch += 1) {
            const epochBatches = batches.filter((batch) => batch.epoch === epoch);
            const indices = epochBatches.flatMap((batch) => batch.indices).sort((a, b) => a - b);
            expect(indices).toEqual(Array.from({ length: sampleCount }, (_, index) => index));
            expect(epochBatches.map((batch) => batch.lastInEpoch)).toEqual(
              epochBatches.map((_, index) => index === perEpoch - 1),
            );
            const sizes = epochBatches.map((batch) => batch.indices.length);
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          }
        },
      ),
      { seed: 5, numRuns: 100 },
    );
  });

  it('should replay the same order for the same seed and shuffle differently for another', () => {
    const order = (seed: number) =>
      [...iterateMinibatches({ sampleCount: 20, minibatchCount: 2, epochs: 2, seed })].map((batch) => batch.indices);
    expect(order(1)).toEqual(order(1));
    expect(order(1)).not.toEqual(order(2));
  });
});
