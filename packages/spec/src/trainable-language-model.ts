import type * as tf from '@tensorflow/tfjs-core';

/**
 * Per-position scores of a padded batch of token sequences. Position t scores token t+1 given tokens
 * 0..t, so every tensor is [batch, length - 1]. Tensors are differentiable with respect to the model's
 * variables: call `scoreSequences` inside `tf.variableGrads` / `tf.tidy`; the caller owns the results.
 */
export interface SequenceScores {
  /** log p(inputIds[b, t+1] | inputIds[b, ≤t]) at the given temperature. */
  logProbs: tf.Tensor2D;
  /** Entropy of the predictive distribution at position t (only when requested). */
  entropies?: tf.Tensor2D;
  /** Value head V(s_t): the state after token t, before token t+1 (only when requested and present). */
  values?: tf.Tensor2D;
  /** The value head's inputs at each position, `[batch, length - 1, features]` (only when requested). */
  features?: tf.Tensor3D;
}

export interface ScoreSequencesOptions {
  /** Divide logits by this before the softmax (match the sampling temperature; default 1). */
  temperature?: number;
  withEntropy?: boolean;
  withValues?: boolean;
  /** Also return the value head's inputs (`features`), e.g. to train the head alone several times. */
  withFeatures?: boolean;
  /**
   * Run a prefix shared by several rows once (default true; the same scores up to float rounding). False
   * forces the plain one-pass forward.
   */
  sharePrefixes?: boolean;
}

/**
 * What the RL algorithms (`@rlver/ppo`, `@rlver/grpo`) need from a local model: differentiable scoring
 * of given sequences and the variables to optimise. Implemented by the tfjs transformer of this package.
 */
export interface TrainableLanguageModel {
  readonly vocabSize: number;
  readonly padTokenId: number;
  /** Whether a value head (critic) is attached. */
  readonly hasValueHead: boolean;
  /**
   * Score a right-padded batch. `inputIds` and `attentionMask` are int32 [batch, length]; padded
   * positions have mask 0 and produce meaningless (but finite) scores.
   */
  scoreSequences(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D, options?: ScoreSequencesOptions): SequenceScores;
  /** Variables the policy loss optimises (LoRA adapters only, when LoRA is enabled). */
  policyVariables(): tf.Variable[];
  /** Variables of the value head (empty without one). */
  valueVariables(): tf.Variable[];
  /**
   * The value head on `features` from `scoreSequences(…, { withFeatures: true })`: `[batch, positions]`,
   * differentiable with respect to `valueVariables()` only. Throws without a value head.
   */
  valuesFromFeatures(features: tf.Tensor3D): tf.Tensor2D;
}
