import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrefixGroups, sharingPays } from './shared-prefix-scoring';
import { useTestBackend } from './test/test-backend';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';

/** Two dialogue turns with three sampled replies each, plus one unrelated row, in shuffled order. */
const context1 = [5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27];
const context2 = [5, 7, 9, 40, 41, 42, 43, 44, 45, 46];
const ROWS = [
  [...context1, 30, 31, 1],
  [...context2, 2, 3],
  [...context1, 30, 32, 33, 34, 1],
  [8, 6, 4, 2, 3, 4],
  [...context2, 2, 4, 6, 8, 10, 1],
  [...context1, 35, 1],
  [...context2, 9],
];

/** Scores on every real position of every row (padded positions differ by design: 0 against garbage). */
function realPositions(matrix: number[][], rows: number[][]): number[] {
  return rows.flatMap((row, index) => (matrix[index] ?? []).slice(0, row.length - 1));
}

let model: TransformerModel;
beforeAll(async () => {
  await useTestBackend();
  model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed: 5, initStd: 0.3, valueHead: true });
});
afterAll(() => model.dispose());

describe('planPrefixGroups', () => {
  it('should group the branches of each turn under their shared context and leave an unrelated row alone', () => {
    const groups = planPrefixGroups(ROWS);
    const summary = groups.map((group) => ({ rows: [...group.rows].sort(), prefixLength: group.prefixLength }));
    expect(summary).toContainEqual({ rows: [0, 2, 5], prefixLength: context1.length });
    expect(summary).toContainEqual({ rows: [1, 4, 6], prefixLength: context2.length });
    expect(summary).toContainEqual({ rows: [3], prefixLength: 5 });
    expect(groups).toHaveLength(3);
  });

  it('should stop a prefix one token before the end of the shortest row of its group', () => {
    const groups = planPrefixGroups([
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5, 6],
    ]);
    expect(groups).toEqual([{ rows: [0, 1], prefixLength: 3 }]);
  });

  it('should not join a row whose shared part costs more decoder tokens than it saves', () => {
    // Three rows share 10 tokens; the fourth shares 2: joining saves 2 and costs 2 × 8 recomputed tokens.
    const shared = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const groups = planPrefixGroups([
      [...shared, 11],
      [...shared, 12],
      [...shared, 13],
      [1, 2, 40, 41, 42],
    ]);
    expect(groups.map((group) => group.prefixLength).sort((a, b) => a - b)).toEqual([4, 10]);
  });

  it('should pay off for turn branches and not for rows with nothing in common', () => {
    const width = Math.max(...ROWS.map((row) => row.length));
    expect(sharingPays(ROWS, planPrefixGroups(ROWS), width)).toBe(true);
    const unrelated = [
      [1, 2, 3],
      [4, 5, 6],
    ];
    expect(sharingPays(unrelated, planPrefixGroups(unrelated), 3)).toBe(false);
  });
});

describe('scoreSequences with shared prefixes', () => {
  it('should give the one-pass log-probs, entropies and values on every real position', () => {
    const { ids, mask } = paddedBatch(ROWS);
    const options = { withEntropy: true, withValues: true, withFeatures: true, temperature: 0.7 };
    const shared = model.scoreSequences(ids, mask, options);
    const plain = model.scoreSequences(ids, mask, { ...options, sharePrefixes: false });
    for (const key of ['logProbs', 'entropies', 'values'] as const) {
      const left = realPositions((shared[key] as tf.Tensor2D).arraySync(), ROWS);
      const right = realPositions((plain[key] as tf.Tensor2D).arraySync(), ROWS);
      expect(left).toHaveLength(right.length);
      const worst = Math.max(...left.map((value, index) => Math.abs(value - (right[index] as number))));
      expect(worst, key).toBeLessThan(1e-4);
    }
    // Features: the same hidden states, and the value head on them gives the values.
    const sharedFeatures = realPositions(shared.features?.arraySync() as unknown as number[][], ROWS).flat();
    const plainFeatures = realPositions(plain.features?.arraySync() as unknown as number[][], ROWS).flat();
    expect(sharedFeatures.length).toBe(plainFeatures.length);
    expect(
      Math.max(...sharedFeatures.map((value, index) => Math.abs(value - (plainFeatures[index] as number)))),
    ).toBeLessThan(1e-4);
    const fromFeatures = model.valuesFromFeatures(shared.features as tf.Tensor3D);
    const headValues = realPositions(fromFeatures.arraySync(), ROWS);
    const values = realPositions((shared.values as tf.Tensor2D).arraySync(), ROWS);
    expect(Math.max(...headValues.map((value, index) => Math.abs(value - (values[index] as number))))).toBeLessThan(
      1e-5,
    );
    fromFeatures.dispose();
    // Positions past a row's end are 0 in the shared path.
    const tail = (shared.logProbs.arraySync()[6] ?? []).slice((ROWS[6]?.length ?? 0) - 1);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.every((value) => value === 0)).toBe(true);
    tf.dispose([ids, mask, shared, plain] as unknown as tf.Tensor[]);
  });

  it('should give the one-pass gradients for every variable, value head included', () => {
    const { ids, mask } = paddedBatch(ROWS);
    const weights = tf.tensor2d(
      ROWS.map((row, index) =>
        Array.from({ length: Math.max(...ROWS.map((r) => r.length)) - 1 }, (_, position) =>
          position < row.length - 1 ? ((index + position) % 5) - 2 : 0,
        ),
      ),
    );
    const gradientsOf = (sharePrefixes: boolean) =>
      tf.variableGrads(() => {
        const scores = model.scoreSequences(ids, mask, { withEntropy: true, withValues: true, sharePrefixes });
        const objective = tf.add(
          tf.add(
            tf.sum(tf.mul(scores.logProbs, weights)),
            tf.mul(tf.sum(tf.mul(scores.entropies as tf.Tensor, weights)), 0.3),
          ),
          tf.sum(tf.mul(scores.values as tf.Tensor, weights)),
        );
        return objective as tf.Scalar;
      });
    const shared = gradientsOf(true);
    const plain = gradientsOf(false);
    expect(shared.value.dataSync()[0]).toBeCloseTo(plain.value.dataSync()[0] as number, 2);
    const names = Object.keys(plain.grads);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const left = shared.grads[name] as tf.Tensor;
      const right = plain.grads[name] as tf.Tensor;
      const scale = Math.max(
        tf.tidy(() => tf.max(tf.abs(right)).dataSync()[0] as number),
        1e-3,
      );
      const difference = tf.tidy(() => tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number);
      expect(difference / scale, name).toBeLessThan(1e-3);
    }
    tf.dispose([
      ids,
      mask,
      weights,
      shared.value,
      plain.value,
      ...Object.values(shared.grads),
      ...Object.values(plain.grads),
    ]);
  });
});
