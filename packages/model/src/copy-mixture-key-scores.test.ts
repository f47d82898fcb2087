import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyMixtureKeyScores, keyColumnLogits } from './copy-mixture-key-scores';
import { type CopyRowTerms, copyMixtureTokenScores } from './copy-mixture-scores';
import { expectSameGradients, maxAbsDifference, randomCopyMixtureInputs } from './test/copy-mixture-inputs';
import { useTestBackend } from './test/test-backend';

/**
 * `copyMixtureKeyScores` against the vocabulary-wide fused scorer (`copyMixtureTokenScores`, itself checked against
 * the full mixture in `copy-mixture-scores.test.ts`): log-probs, entropies and the gradients of logits, gate and
 * attention within 1e-4 (gradients: 1e-4 × max(1, their scale)).
 */
describe('copyMixtureKeyScores', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  const cases = [
    { temperature: 0.7, rules: false, withEntropy: true, blockFirstQuery: false, logitScale: 1 },
    { temperature: 0.7, rules: true, withEntropy: true, blockFirstQuery: true, logitScale: 1 },
    { temperature: 1, rules: true, withEntropy: false, blockFirstQuery: false, logitScale: 1 },
    { temperature: 1.3, rules: false, withEntropy: true, blockFirstQuery: true, logitScale: 1 },
    // Peaked logits: most of the vocabulary below 1e-30 in the LM, a gate close to 1 on some rows.
    { temperature: 0.7, rules: true, withEntropy: true, blockFirstQuery: false, logitScale: 12 },
  ];
  for (const { temperature, rules, withEntropy, blockFirstQuery, logitScale } of cases) {
    it(`should equal the vocabulary-wide scorer and its gradients (T ${temperature}, rules ${rules}, entropy ${withEntropy}, first query blocked ${blockFirstQuery}, logits ×${logitScale})`, () => {
      const inputs = randomCopyMixtureInputs(23, { blockFirstQuery });
      const { batch, queries, keys, vocab } = inputs.sizes;
      const rows = batch * queries;
      // Logits from hidden states and an LM head, as the model makes them: the per-key scorer reads the head's rows.
      const hiddenStates = tf.mul(tf.randomNormal([rows, 4], 0, 1, 'float32', 5), Math.sqrt(logitScale)) as tf.Tensor2D;
      const head = tf.mul(tf.randomNormal([vocab, 4], 0, 1, 'float32', 6), Math.sqrt(logitScale)) as tf.Tensor2D;
      const gateLogits = tf.mul(inputs.gateLogits, logitScale) as tf.Tensor3D;
      const { scoreLogits, nextIds, allowed, targets, weights } = inputs;
      // Rules forbid a few tokens per row, never the target (as sampling under the rules never picks one).
      const targetIds = targets.arraySync();
      const ruleMask = rules
        ? tf.tensor2d(
            Array.from({ length: batch * queries * vocab }, (_, index) => {
              const row = Math.floor(index / vocab);
              const token = index % vocab;
              return token !== targetIds[row] && (token * 5 + row) % 4 === 0 ? -1e9 : 0;
            }),
            [batch * queries, vocab],
          )
        : undefined;
      const rowTerms = (g: tf.Tensor, a: tf.Tensor): CopyRowTerms => {
        const anyAllowed = tf.cast(tf.greater(tf.sum(allowed, -1, true), 0), 'float32');
        const gate = tf.mul(tf.sigmoid(g), anyAllowed);
        const attention = tf.mul(tf.softmax(tf.add(a, tf.mul(tf.sub(1, allowed), -1e9))), allowed);
        return {
          gate: tf.reshape(gate, [-1, 1]) as tf.Tensor2D,
          attention: tf.reshape(attention, [-1, keys]) as tf.Tensor2D,
          keyIds: tf.reshape(tf.tile(tf.reshape(nextIds, [batch, 1, keys]), [1, queries, 1]), [
            -1,
            keys,
          ]) as tf.Tensor2D,
          sequences: { keyIds: nextIds, queries },
        };
      };
      const options = { temperature, withEntropy, ruleMask };
      const logitsOf = (h: tf.Tensor, w: tf.Tensor) =>
        tf.matMul(h as tf.Tensor2D, w as tf.Tensor2D, false, true) as tf.Tensor2D;
      const reference = (h: tf.Tensor, w: tf.Tensor, g: tf.Tensor, a: tf.Tensor) =>
        copyMixtureTokenScores(logitsOf(h, w), rowTerms(g, a), targets, options);
      const byKeys = (h: tf.Tensor, w: tf.Tensor, g: tf.Tensor, a: tf.Tensor) => {
        const terms = rowTerms(g, a);
        const sequences = terms.sequences as NonNullable<CopyRowTerms['sequences']>;
        const columns = keyColumnLogits(h as tf.Tensor2D, w as tf.Tensor2D, sequences, targets);
        return copyMixtureKeyScores(logitsOf(h, w), columns, terms, sequences, targets, options);
      };
      const loss = (scores: tf.Tensor2D) =>
        tf.sum(
          tf.mul(
            tf.add(tf.slice(scores, [0, 0], [-1, 1]), tf.mul(tf.slice(scores, [0, 1], [-1, 1]), 0.3)),
            tf.reshape(weights, [-1, 1]),
          ),
        );
      const expected = reference(hiddenStates, head, gateLogits, scoreLogits);
      const actual = byKeys(hiddenStates, head, gateLogits, scoreLogits);
      expect(maxAbsDifference(actual, expected)).toBeLessThan(1e-4);
      // Not a trivial agreement: the entropies are not all 0, and the copy term moves the log-probs.
      if (withEntropy) expect(tf.max(tf.slice(actual, [0, 1], [-1, 1])).dataSync()[0]).toBeGreaterThan(0.1);
      const withoutCopy = copyMixtureTokenScores(
        logitsOf(hiddenStates, head),
        { ...rowTerms(gateLogits, scoreLogits), gate: tf.zeros([rows, 1]) },
        targets,
        options,
      );
      expect(maxAbsDifference(actual, withoutCopy)).toBeGreaterThan(0.05);
      const inputsOf = [hiddenStates, head, gateLogits, scoreLogits];
      const expectedGrads = tf.grads((h, w, g, a) => loss(reference(h, w, g, a)))(inputsOf);
      const actualGrads = tf.grads((h, w, g, a) => loss(byKeys(h, w, g, a)))(inputsOf);
      expectSameGradients(expectedGrads, actualGrads, 1e-4);
    });
  }

  it('should reject rows that do not match the sequences', () => {
    const { logits, nextIds, targets, sizes } = randomCopyMixtureInputs(3);
    const rows = sizes.batch * sizes.queries;
    const columns = tf.zeros([rows, sizes.keys + 1]) as tf.Tensor2D;
    const terms: CopyRowTerms = {
      gate: tf.zeros([rows, 1]),
      attention: tf.zeros([rows, sizes.keys]),
      keyIds: tf.zeros([rows, sizes.keys], 'int32'),
    };
    expect(() =>
      copyMixtureKeyScores(
        tf.reshape(logits, [rows, -1]) as tf.Tensor2D,
        columns,
        terms,
        { keyIds: nextIds, queries: 4 },
        targets,
        {
          withEntropy: true,
        },
      ),
    ).toThrow(/do not match/);
  });
});
