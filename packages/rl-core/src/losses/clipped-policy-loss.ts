import * as tf from '@tensorflow/tfjs-core';

/** Per-token pieces of the PPO clipped surrogate. The caller owns every tensor. */
export interface ClippedPolicyLossTerms {
  /** max(−A·ρ, −A·clip(ρ, 1 − ε_low, 1 + ε_high)) per position. */
  perTokenLoss: tf.Tensor2D;
  /** 1 where the clipped branch is the active (larger) one, else 0 (verl `pg_clipfrac`). */
  clipped: tf.Tensor2D;
  /** (ρ − 1) − log ρ per position: the k3 estimate of KL(π_old ‖ π), ≥ 0 (CleanRL `approx_kl`). */
  approxKl: tf.Tensor2D;
}

/**
 * Clipped surrogate of PPO (spec §6.3) with an optional higher upper clip ("clip-higher", DAPO: ε_high >
 * ε_low). The log-ratio is clamped to ±20 before `exp` so a stale sample cannot overflow.
 */
export function computeClippedPolicyLoss(options: {
  logProbs: tf.Tensor2D;
  oldLogProbs: tf.Tensor2D;
  advantages: tf.Tensor2D;
  clipRatioLow: number;
  clipRatioHigh: number;
}): ClippedPolicyLossTerms {
  return tf.tidy(() => {
    const logRatio = tf.clipByValue(tf.sub(options.logProbs, options.oldLogProbs), -20, 20);
    const ratio = tf.exp(logRatio);
    const unclippedLoss = tf.mul(tf.neg(options.advantages), ratio);
    const clippedRatio = tf.clipByValue(ratio, 1 - options.clipRatioLow, 1 + options.clipRatioHigh);
    const clippedLoss = tf.mul(tf.neg(options.advantages), clippedRatio);
    return {
      perTokenLoss: tf.maximum(unclippedLoss, clippedLoss) as tf.Tensor2D,
      clipped: tf.cast(tf.greater(clippedLoss, unclippedLoss), 'float32') as tf.Tensor2D,
      approxKl: tf.sub(tf.sub(ratio, 1), logRatio) as tf.Tensor2D,
    };
  });
}
