import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMixtureFromTerms } from './copy-head';
import { copyMixtureTokenScores } from './copy-mixture-scores';
import { planPrefixGroups, sharingPays } from './shared-prefix-scoring';
import {
  BRANCHED_ROWS,
  expectSameGradients,
  maxAbsDifference,
  randomCopyMixtureInputs,
} from './test/copy-mixture-inputs';
import { useTestBackend } from './test/test-backend';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { tokenLogProbsAndEntropy } from './token-log-probs';
import { createTransformerModel, type TransformerModel } from './transformer-model';

/** The vocabulary-wide path the copy head scored with before: full mixture log-probs, ÷ T, then the LM scorer. */
function vocabularyWideScores(
  logits: tf.Tensor3D,
  gate: tf.Tensor3D,
  attention: tf.Tensor3D,
  nextIds: tf.Tensor2D,
  targets: tf.Tensor1D,
  temperature: number,
): tf.Tensor2D {
  const [batch, queries, vocab] = logits.shape;
  const mixture = copyMixtureFromTerms(logits, gate, attention, nextIds);
  const flat = tf.div(tf.reshape(mixture, [batch * queries, vocab]), temperature) as tf.Tensor2D;
  return tokenLogProbsAndEntropy(flat, targets, true);
}

describe('copyMixtureTokenScores', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  for (const temperature of [1, 0.7]) {
    it(`should equal the vocabulary-wide mixture's log-probs and entropies, and their gradients (T = ${temperature})`, () => {
      // Repeated ids (several keys copy one token), a masked key per query.
      const { sizes, logits, gateLogits, scoreLogits, nextIds, allowed, targets, weights } =
        randomCopyMixtureInputs(11);
      const { batch, queries, keys, vocab } = sizes;
      const terms = (gateLogit: tf.Tensor, scores: tf.Tensor) => ({
        gate: tf.sigmoid(gateLogit) as tf.Tensor3D,
        attention: tf.mul(tf.softmax(tf.add(scores, tf.mul(tf.sub(1, allowed), -1e9))), allowed) as tf.Tensor3D,
      });
      // A loss over both columns, so the log-prob and the entropy gradients are both checked.
      const loss = (scores: tf.Tensor2D) =>
        tf.sum(
          tf.mul(
            tf.add(tf.slice(scores, [0, 0], [-1, 1]), tf.mul(tf.slice(scores, [0, 1], [-1, 1]), 0.3)),
            tf.reshape(weights, [-1, 1]),
          ),
        );
      const reference = (z: tf.Tensor, g: tf.Tensor, a: tf.Tensor) => {
        const { gate, attention } = terms(g, a);
        return vocabularyWideScores(z as tf.Tensor3D, gate, attention, nextIds, targets, temperature);
      };
      const fused = (z: tf.Tensor, g: tf.Tensor, a: tf.Tensor) => {
        const { gate, attention } = terms(g, a);
        const keyIds = tf.reshape(tf.tile(tf.reshape(nextIds, [batch, 1, keys]), [1, queries, 1]), [-1, keys]);
        return copyMixtureTokenScores(
          tf.reshape(z, [-1, vocab]) as tf.Tensor2D,
          {
            gate: tf.reshape(gate, [-1, 1]) as tf.Tensor2D,
            attention: tf.reshape(attention, [-1, keys]) as tf.Tensor2D,
            keyIds: keyIds as tf.Tensor2D,
          },
          targets,
          { temperature, withEntropy: true },
        );
      };
      const expected = reference(logits, gateLogits, scoreLogits);
      const actual = fused(logits, gateLogits, scoreLogits);
      expect(maxAbsDifference(actual, expected)).toBeLessThan(1e-4);
      // Not a trivial agreement: the copy term moves the scores away from the LM's own.
      const lmOnly = tokenLogProbsAndEntropy(
        tf.div(tf.reshape(logits, [-1, vocab]), temperature) as tf.Tensor2D,
        targets,
        true,
      );
      expect(maxAbsDifference(actual, lmOnly)).toBeGreaterThan(0.05);
      const expectedGrads = tf.grads((z, g, a) => loss(reference(z, g, a)))([logits, gateLogits, scoreLogits]);
      const actualGrads = tf.grads((z, g, a) => loss(fused(z, g, a)))([logits, gateLogits, scoreLogits]);
      expectSameGradients(expectedGrads, actualGrads, 1e-4);
    });
  }
});

describe('scoreSequences with a copy head', () => {
  let model: TransformerModel;
  beforeAll(async () => {
    await useTestBackend();
    model = createTransformerModel({
      config: { ...TINY_TRANSFORMER_CONFIG, copyHead: { keyDim: 8 } },
      seed: 4,
      initStd: 0.3,
      valueHead: true,
    });
    // A strong gate, so the copy path decides much of each distribution.
    model.weights.copyHead?.gateBias.assign(tf.tensor1d([1]));
  });
  afterAll(() => model.dispose());

  /** Log-probs and entropies of the full mixture (`forwardLogits`), scored as the copy head scored them before. */
  function referenceScores(ids: tf.Tensor2D, mask: tf.Tensor2D, temperature: number) {
    const [batch, length] = ids.shape;
    const logits = tf.slice(model.forwardLogits(ids, mask), [0, 0, 0], [batch, length - 1, -1]);
    const flat = tf.div(tf.reshape(logits, [batch * (length - 1), -1]), temperature) as tf.Tensor2D;
    const targets = tf.reshape(tf.slice(ids, [0, 1], [batch, length - 1]), [-1]) as tf.Tensor1D;
    const [logProbs, entropies] = tf.split(tokenLogProbsAndEntropy(flat, targets, true), 2, 1);
    return {
      logProbs: tf.reshape(logProbs as tf.Tensor, [batch, length - 1]),
      entropies: tf.reshape(entropies as tf.Tensor, [batch, length - 1]),
    };
  }

  it('should take the shared-prefix path for these rows', () => {
    const groups = planPrefixGroups(BRANCHED_ROWS);
    expect(groups.length).toBe(2);
    expect(sharingPays(BRANCHED_ROWS, groups, Math.max(...BRANCHED_ROWS.map((row) => row.length)))).toBe(true);
  });

  for (const sharePrefixes of [false, true]) {
    it(`should give the vocabulary-wide mixture's scores and gradients (sharePrefixes ${sharePrefixes})`, () => {
      const { ids, mask } = paddedBatch(BRANCHED_ROWS, 1);
      const real = tf.cast(tf.slice(mask, [0, 1], [-1, -1]), 'float32');
      const temperature = 0.7;
      const lossOf = (scores: { logProbs: tf.Tensor; entropies: tf.Tensor }) =>
        tf.sum(tf.mul(tf.add(scores.logProbs, tf.mul(scores.entropies, 0.5)), real)) as tf.Scalar;
      const expected = tf.variableGrads(() => lossOf(referenceScores(ids, mask, temperature)));
      const actual = tf.variableGrads(() => {
        const scores = model.scoreSequences(ids, mask, { temperature, withEntropy: true, sharePrefixes });
        return lossOf({ logProbs: scores.logProbs, entropies: scores.entropies as tf.Tensor });
      });
      const scores = model.scoreSequences(ids, mask, { temperature, withEntropy: true, sharePrefixes });
      const reference = referenceScores(ids, mask, temperature);
      expect(maxAbsDifference(tf.mul(scores.logProbs, real), tf.mul(reference.logProbs, real))).toBeLessThan(1e-4);
      expect(
        maxAbsDifference(tf.mul(scores.entropies as tf.Tensor, real), tf.mul(reference.entropies, real)),
      ).toBeLessThan(1e-4);
      expect(Math.abs((actual.value.dataSync()[0] as number) - (expected.value.dataSync()[0] as number))).toBeLessThan(
        1e-3,
      );
      for (const name of Object.keys(expected.grads)) {
        const gradient = expected.grads[name] as tf.Tensor;
        const scale = tf.max(tf.abs(gradient)).dataSync()[0] as number;
        expect(maxAbsDifference(actual.grads[name] as tf.Tensor, gradient), name).toBeLessThan(
          1e-4 * Math.max(1, scale),
        );
      }
      // The copy head's own weights get gradient (the copy path is live in the comparison).
      const query = model.weights.copyHead?.query as tf.Variable;
      expect(tf.max(tf.abs(actual.grads[query.name] as tf.Tensor)).dataSync()[0]).toBeGreaterThan(1e-4);
      tf.dispose([
        ids,
        mask,
        real,
        expected.value,
        actual.value,
        ...Object.values(expected.grads),
        ...Object.values(actual.grads),
      ]);
    });
  }
});
