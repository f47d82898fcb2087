import * as tf from '@tensorflow/tfjs-core';
import { logSoftmaxKernel } from './log-softmax-kernel';
import { savedTensors } from './saved-tensors';

/** Floor under the mixture before its log, as in `copyMixtureLogProbs`: keeps log and its gradient finite. */
const TINY = 1e-30;

/** Per query row, what the copy head contributes to the mixture (see `copyAttention`). */
export interface CopyRowTerms {
  /** `[rows, 1]`: the gate g (0 on rows with no allowed key). */
  gate: tf.Tensor2D;
  /** `[rows, keys]`: the copy attention over key positions (0 where not allowed). */
  attention: tf.Tensor2D;
  /** int32 `[rows, keys]`: the token each key position copies (the token after it). */
  keyIds: tf.Tensor2D;
  /**
   * The same ids per sequence, when the rows are `[sequences · queries]` with one key list per sequence (as
   * `copyRowTerms` builds them): then `copyMixtureKeyScores` scores without vocabulary-wide copy tensors.
   */
  sequences?: SequenceKeyIds;
}

/** The copy terms' per-sequence view: key ids `[sequences, keys]`, rows `[sequences · queries]` in order. */
export interface SequenceKeyIds {
  /** int32 `[sequences, keys]`: the token each key copies, the same for every query row of a sequence. */
  keyIds: tf.Tensor2D;
  /** Query rows per sequence: row r belongs to sequence ⌊r / queries⌋. */
  queries: number;
}

/**
 * Per row: log-prob of `targets[i]` and (when asked) the entropy of the pointer-generator mixture
 * `p = (1 − g)·softmax(lmLogits) + g·Σ_{k: keyIds[k] = w} a_k` at `temperature` (scored as softmax(log p / T),
 * exactly what `copyMixtureLogProbs` → divide by T → `tokenLogProbsAndEntropy` computes), as one op with a
 * hand-written gradient with respect to `lmLogits`, the gate and the attention.
 *
 * The gated copy mass is a scatter-add of g·a onto the key ids (O(rows·keys)), not a one-hot matmul
 * (O(rows·keys·vocab)), and its gradient is a gather of the mixture's gradient at the same ids (which also gives
 * the gate's gradient, so no `[rows, vocab]` copy mass is kept for the backward pass). The chain of
 * vocabulary-wide elementwise ops runs once forward and once backward, not through autodiff's dozen saved steps.
 * At temperature 1 without entropy or rules, `copyMixtureTargetScores` needs no vocabulary-wide copy tensor.
 *
 * Returns `[rows, 2]`: column 0 the log-probs, column 1 the entropies (zeros unless `withEntropy`).
 */
export function copyMixtureTokenScores(
  lmLogits: tf.Tensor2D,
  copy: CopyRowTerms,
  targets: tf.Tensor1D,
  options: { temperature?: number; withEntropy: boolean; ruleMask?: tf.Tensor2D },
): tf.Tensor2D {
  const [rows, vocab] = lmLogits.shape;
  const keys = copy.attention.shape[1];
  const temperature = options.temperature ?? 1;
  const withEntropy = options.withEntropy;
  const scores = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [z, gate, attention, save] = inputs as [tf.Tensor2D, tf.Tensor2D, tf.Tensor2D, tf.GradSaveFunc];
    // Tensors the backward pass reads are saved (the caller's tidy disposes everything else before it runs).
    const rowStarts = tf.mul(tf.range(0, rows, 1, 'int32'), tf.scalar(vocab, 'int32'));
    const flatKeyIds = tf.reshape(tf.add(tf.cast(copy.keyIds, 'int32'), tf.reshape(rowStarts, [rows, 1])), [-1]);
    const flatTargets = tf.add(rowStarts, tf.cast(targets, 'int32'));
    const lm = tf.softmax(z);
    // The gate is applied to the attention ([rows, keys]) before the scatter, not to a [rows, vocab] copy mass.
    const copied = tf.reshape(
      tf.scatterND(tf.reshape(flatKeyIds, [-1, 1]), tf.reshape(tf.mul(attention, gate), [-1]), [rows * vocab]),
      [rows, vocab],
    );
    const mixture = tf.add(tf.add(tf.mul(tf.sub(1, gate), lm), copied), TINY);
    const scaledLog = temperature === 1 ? tf.log(mixture) : tf.div(tf.log(mixture), temperature);
    // Decoding rules (logits-rules.ts): forbidden tokens get an additive −1e9, so r is the renormalised
    // distribution over the allowed ones; the mask is a constant, so the gradient formula below is unchanged.
    const logMixture = options.ruleMask ? tf.add(scaledLog, options.ruleMask) : scaledLog;
    // r = softmax(log p / T (+ rules)) and log r in one log-softmax (one kernel on native TensorFlow).
    const logScaled = logSoftmaxKernel(logMixture as tf.Tensor2D);
    const scaled = tf.exp(logScaled);
    const logProbs = tf.reshape(tf.gather(tf.reshape(logScaled, [-1]), flatTargets), [rows, 1]);
    const entropy = withEntropy ? tf.neg(tf.sum(tf.mul(scaled, logScaled), -1, true)) : tf.zerosLike(logProbs);
    save([lm, mixture, scaled, gate, attention, logScaled, entropy, flatKeyIds, flatTargets]);
    return {
      value: tf.concat([logProbs, entropy], 1) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [lmS, mixtureS, scaledS, gateS, attentionS, logScaledS, entropyS, keyIdsS, targetsS] = savedTensors(
          saved,
          9,
          'copyMixtureTokenScores',
        );
        const [dLogProb, dEntropy] = tf.split(dy as tf.Tensor, 2, 1) as [tf.Tensor, tf.Tensor];
        const oneHot = tf.reshape(tf.scatterND(tf.reshape(targetsS, [-1, 1]), tf.ones([rows]), [rows * vocab]), [
          rows,
          vocab,
        ]);
        // d/d(log p / T): (onehot − r)·dLogProb − r·(log r + H)·dEntropy.
        let dScaledLog = tf.mul(tf.sub(oneHot, scaledS), dLogProb);
        if (withEntropy) {
          const spread = tf.mul(scaledS, tf.add(logScaledS, entropyS));
          dScaledLog = tf.sub(dScaledLog, tf.mul(spread, dEntropy));
        }
        const dMixture = tf.div(dScaledLog, temperature === 1 ? mixtureS : tf.mul(mixtureS, temperature));
        // p = (1 − g)·lm + g·c: with s = Σ_w lm_w·dp_w, d/dz = (1 − g)·lm·(dp − s) and d/dg = Σ_w c_w·dp_w − s,
        // where Σ_w c_w·dp_w = Σ_k a_k·dp[id_k] (the gather the attention's gradient needs anyway).
        const atKeys = tf.reshape(tf.gather(tf.reshape(dMixture, [-1]), keyIdsS), [rows, keys]);
        const lmDot = tf.sum(tf.mul(lmS, dMixture), -1, true);
        const dLogits = tf.mul(tf.mul(lmS, tf.sub(dMixture, lmDot)), tf.sub(1, gateS));
        const dGate = tf.sub(tf.sum(tf.mul(attentionS, atKeys), -1, true), lmDot);
        return [dLogits, dGate, tf.mul(gateS, atKeys)];
      },
    };
  });
  return scores(lmLogits, copy.gate, copy.attention) as tf.Tensor2D;
}
