import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMixtureFromTerms } from './copy-head';
import { copyMixtureTokenScores } from './copy-mixture-scores';
import { copyMixtureTargetScores, targetOnlyScoringApplies } from './copy-mixture-target-scores';
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

const logProbColumn = (scores: tf.Tensor2D) => tf.reshape(tf.slice(scores, [0, 0], [-1, 1]), [-1]);

describe('copyMixtureTargetScores', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  it('should equal the vocabulary-wide mixture and the fused scorer at temperature 1, gradients included', () => {
    // Repeated ids (several keys copy one token), a masked key per query, and a first query of each row that may
    // copy nothing.
    const { sizes, logits, gateLogits, scoreLogits, nextIds, allowed, targets, weights } = randomCopyMixtureInputs(5, {
      blockFirstQuery: true,
    });
    const { batch, queries, keys, vocab } = sizes;
    const terms = (gateLogit: tf.Tensor, scores: tf.Tensor) => ({
      gate: tf.mul(tf.sigmoid(gateLogit), tf.max(allowed, -1, true)) as tf.Tensor3D,
      attention: tf.mul(tf.softmax(tf.add(scores, tf.mul(tf.sub(1, allowed), -1e9))), allowed) as tf.Tensor3D,
    });
    const rowTerms = (g: tf.Tensor, a: tf.Tensor) => {
      const { gate, attention } = terms(g, a);
      return {
        gate: tf.reshape(gate, [-1, 1]) as tf.Tensor2D,
        attention: tf.reshape(attention, [-1, keys]) as tf.Tensor2D,
        keyIds: tf.reshape(tf.tile(tf.reshape(nextIds, [batch, 1, keys]), [1, queries, 1]), [-1, keys]) as tf.Tensor2D,
      };
    };
    const flatLogits = (z: tf.Tensor) => tf.reshape(z, [-1, vocab]) as tf.Tensor2D;
    // The old formula: log of the vocabulary-wide mixture, renormalised by the LM scorer.
    const wide = (z: tf.Tensor, g: tf.Tensor, a: tf.Tensor) => {
      const { gate, attention } = terms(g, a);
      const mixture = copyMixtureFromTerms(z as tf.Tensor3D, gate, attention, nextIds);
      return logProbColumn(tokenLogProbsAndEntropy(flatLogits(mixture), targets, false));
    };
    const fused = (z: tf.Tensor, g: tf.Tensor, a: tf.Tensor) =>
      logProbColumn(copyMixtureTokenScores(flatLogits(z), rowTerms(g, a), targets, { withEntropy: false }));
    const targetOnly = (z: tf.Tensor, g: tf.Tensor, a: tf.Tensor) =>
      logProbColumn(copyMixtureTargetScores(flatLogits(z), rowTerms(g, a), targets));

    const actual = targetOnly(logits, gateLogits, scoreLogits);
    expect(maxAbsDifference(actual, wide(logits, gateLogits, scoreLogits))).toBeLessThan(1e-5);
    expect(maxAbsDifference(actual, fused(logits, gateLogits, scoreLogits))).toBeLessThan(1e-5);
    // Not a trivial agreement: the copy term moves the scores away from the LM's own.
    const lmOnly = logProbColumn(tokenLogProbsAndEntropy(flatLogits(logits), targets, false));
    expect(maxAbsDifference(actual, lmOnly)).toBeGreaterThan(0.05);
    // Its entropy column is zeros (no entropy asked for).
    const entropies = tf.slice(
      copyMixtureTargetScores(flatLogits(logits), rowTerms(gateLogits, scoreLogits), targets),
      [0, 1],
      [-1, 1],
    );
    expect(tf.max(tf.abs(entropies)).dataSync()[0]).toBe(0);

    const loss = (scores: tf.Tensor) => tf.sum(tf.mul(scores, weights));
    const expectedGrads = tf.grads((z, g, a) => loss(wide(z, g, a)))([logits, gateLogits, scoreLogits]);
    const actualGrads = tf.grads((z, g, a) => loss(targetOnly(z, g, a)))([logits, gateLogits, scoreLogits]);
    expectSameGradients(expectedGrads, actualGrads, 1e-5);
  });

  it('should apply only to the plain mixture without entropy', () => {
    expect(targetOnlyScoringApplies({ temperature: 1, withEntropy: false })).toBe(true);
    expect(targetOnlyScoringApplies({ temperature: 0.7, withEntropy: false })).toBe(false);
    expect(targetOnlyScoringApplies({ temperature: 1, withEntropy: true })).toBe(false);
    const ruleMask = tf.zeros([1, 4]) as tf.Tensor2D;
    expect(targetOnlyScoringApplies({ temperature: 1, withEntropy: false, ruleMask })).toBe(false);
    ruleMask.dispose();
  });
});

describe('scoreSequences of a copy-head model at temperature 1 (target-only scoring)', () => {
  let model: TransformerModel;
  beforeAll(async () => {
    await useTestBackend();
    model = createTransformerModel({
      config: { ...TINY_TRANSFORMER_CONFIG, copyHead: { keyDim: 8 } },
      seed: 9,
      initStd: 0.3,
    });
    // A strong gate, so the copy path decides much of each distribution.
    model.weights.copyHead?.gateBias.assign(tf.tensor1d([1]));
  });
  afterAll(() => model.dispose());

  /** The old formula: log-probs of the full mixture (`forwardLogits`), scored by the LM scorer. */
  function referenceLogProbs(ids: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor2D {
    const [batch, length] = ids.shape;
    const logits = tf.slice(model.forwardLogits(ids, mask), [0, 0, 0], [batch, length - 1, -1]);
    const flat = tf.reshape(logits, [batch * (length - 1), -1]) as tf.Tensor2D;
    const targets = tf.reshape(tf.slice(ids, [0, 1], [batch, length - 1]), [-1]) as tf.Tensor1D;
    return tf.reshape(logProbColumn(tokenLogProbsAndEntropy(flat, targets, false)), [batch, length - 1]) as tf.Tensor2D;
  }

  for (const sharePrefixes of [false, true]) {
    it(`should give the vocabulary-wide mixture's log-probs and gradients, with no ScatterNd (sharePrefixes ${sharePrefixes})`, async () => {
      const { ids, mask } = paddedBatch(BRANCHED_ROWS, 1);
      const real = tf.cast(tf.slice(mask, [0, 1], [-1, -1]), 'float32');
      const lossOf = (logProbs: tf.Tensor) => tf.sum(tf.mul(logProbs, real)) as tf.Scalar;
      const expected = tf.variableGrads(() => lossOf(referenceLogProbs(ids, mask)));
      const actual = tf.variableGrads(() => lossOf(model.scoreSequences(ids, mask, { sharePrefixes }).logProbs));
      const scores = model.scoreSequences(ids, mask, { sharePrefixes });
      const reference = referenceLogProbs(ids, mask);
      expect(maxAbsDifference(tf.mul(scores.logProbs, real), tf.mul(reference, real))).toBeLessThan(1e-5);
      for (const name of Object.keys(expected.grads)) {
        const gradient = expected.grads[name] as tf.Tensor;
        const scale = tf.max(tf.abs(gradient)).dataSync()[0] as number;
        expect(maxAbsDifference(actual.grads[name] as tf.Tensor, gradient), name).toBeLessThan(
          1e-4 * Math.max(1, scale),
        );
      }
      const query = model.weights.copyHead?.query as tf.Variable;
      expect(tf.max(tf.abs(actual.grads[query.name] as tf.Tensor)).dataSync()[0]).toBeGreaterThan(1e-4);
      // The scoring took the target-only path: no vocabulary-wide scatter of the copy mass, and far fewer kernels
      // than the full distribution at T 0.7 (the per-key scorer, which has no ScatterNd either since 2026-11-27).
      const kernelsOf = async (temperature: number) =>
        (
          await tf.profile(() =>
            tf.tidy(() => model.scoreSequences(ids, mask, { sharePrefixes, temperature }).logProbs),
          )
        ).kernels.map((kernel) => kernel.name);
      const targetOnly = await kernelsOf(1);
      const fullDistribution = await kernelsOf(0.7);
      expect(targetOnly).not.toContain('ScatterNd');
      expect(fullDistribution).not.toContain('ScatterNd');
      expect(fullDistribution.length).toBeGreaterThan(targetOnly.length + 20);
      tf.dispose([
        ids,
        mask,
        real,
        scores.logProbs,
        reference,
        expected.value,
        actual.value,
        ...Object.values(expected.grads),
        ...Object.values(actual.grads),
      ]);
    });
  }
});
