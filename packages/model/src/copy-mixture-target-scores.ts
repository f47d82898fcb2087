import * as tf from '@tensorflow/tfjs-core';
import { copyMixtureTargetLogProbs } from './copy-head';
import type { CopyRowTerms } from './copy-mixture-scores';
import { tokenLogProbsAndEntropy } from './token-log-probs';

/**
 * Whether `copyMixtureTargetScores` gives the scores asked for: the plain mixture (temperature 1, no decoding
 * rules) and no entropy. Otherwise the distribution must be renormalised over the whole vocabulary, which needs
 * the vocabulary-wide mixture (`copyMixtureTokenScores`).
 */
export function targetOnlyScoringApplies(options: {
  temperature: number;
  withEntropy: boolean;
  ruleMask?: tf.Tensor2D;
}): boolean {
  return options.temperature === 1 && !options.withEntropy && options.ruleMask === undefined;
}

/**
 * Per row: log-prob of `targets[i]` under the pointer-generator mixture `p = (1 − g)·softmax(lmLogits) +
 * g·Σ_{k: keyIds[k] = w} a_k`, without any vocabulary-wide copy tensor. At temperature 1 without a rule mask the
 * mixture is already normalised (Σ_w p_w = (1 − g) + g·Σ_k a_k = 1, the attention summing to 1 wherever the gate
 * is not 0), so its log at the target is the score: the LM's log-softmax at the target (`tokenLogProbsAndEntropy`,
 * one reduction over the vocabulary) and the copy mass at the target, a `[rows, keys]` compare-and-sum. Equal
 * to `copyMixtureTokenScores` at temperature 1 without entropy up to float rounding; its gradients come from
 * autodiff of `[rows]` / `[rows, keys]` ops. Call inside `tf.tidy`.
 *
 * Returns `[rows, 2]` like `copyMixtureTokenScores`: column 0 the log-probs, column 1 zeros.
 */
export function copyMixtureTargetScores(lmLogits: tf.Tensor2D, copy: CopyRowTerms, targets: tf.Tensor1D): tf.Tensor2D {
  const rows = lmLogits.shape[0];
  const lmTarget = tf.slice(tokenLogProbsAndEntropy(lmLogits, targets, false), [0, 0], [rows, 1]);
  const targetColumn = tf.reshape(tf.cast(targets, 'int32'), [rows, 1]);
  const copiesTarget = tf.cast(tf.equal(tf.cast(copy.keyIds, 'int32'), targetColumn), 'float32');
  const copyMass = tf.sum(tf.mul(copy.attention, copiesTarget), -1, true);
  const logProbs = copyMixtureTargetLogProbs(lmTarget, copy.gate, copyMass);
  return tf.concat([logProbs, tf.zerosLike(logProbs)], 1) as tf.Tensor2D;
}
