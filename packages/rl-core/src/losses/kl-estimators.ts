import * as tf from '@tensorflow/tfjs-core';

/**
 * Per-token estimators of KL(π ‖ π_ref) from log-probs of tokens sampled from π (Schulman, "Approximating KL
 * divergence"): `k1` = log π − log π_ref (unbiased, high variance, can be negative); `k2` = ½(log π − log π_ref)²
 * (biased, low variance); `k3` = r − 1 − log r with r = π_ref / π (unbiased, ≥ 0; clamped at 10 like verl's
 * `low_var_kl`).
 */
export type KlEstimator = 'k1' | 'k2' | 'k3';

const k3Clamp = 10;

/** Scalar version of the estimators, for bookkeeping outside tensors. */
export function estimateKl(logProb: number, referenceLogProb: number, estimator: KlEstimator): number {
  const logRatio = logProb - referenceLogProb;
  if (estimator === 'k1') return logRatio;
  if (estimator === 'k2') return 0.5 * logRatio * logRatio;
  return Math.min(Math.exp(-logRatio) + logRatio - 1, k3Clamp);
}

/** Elementwise KL estimate as a tensor (differentiable in `logProbs`). Caller owns the result. */
export function estimateKlTensor<T extends tf.Tensor>(logProbs: T, referenceLogProbs: T, estimator: KlEstimator): T {
  return tf.tidy(() => {
    const logRatio = tf.sub(logProbs, referenceLogProbs);
    if (estimator === 'k1') return logRatio as T;
    if (estimator === 'k2') return tf.mul(tf.square(logRatio), 0.5) as T;
    const k3 = tf.sub(tf.add(tf.exp(tf.neg(logRatio)), logRatio), 1);
    return tf.minimum(k3, k3Clamp) as T;
  });
}
