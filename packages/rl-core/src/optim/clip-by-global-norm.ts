import * as tf from '@tensorflow/tfjs-core';

/** sqrt(Σ‖g‖²) over all tensors. Caller owns the scalar. */
export function globalNorm(tensors: readonly tf.Tensor[]): tf.Scalar {
  return tf.tidy(() => {
    if (tensors.length === 0) return tf.scalar(0);
    return tf.sqrt(tf.addN(tensors.map((tensor) => tf.sum(tf.square(tensor))))) as tf.Scalar;
  });
}

/**
 * Scale tensors by min(1, maxNorm / (norm + 1e-6)) (PyTorch `clip_grad_norm_`). `norm` may be passed when already
 * computed. Caller owns the returned tensors.
 */
export function clipByGlobalNorm<T extends tf.Tensor>(tensors: readonly T[], maxNorm: number, norm?: tf.Scalar): T[] {
  return tf.tidy(() => {
    const total = norm ?? globalNorm(tensors);
    const scale = tf.minimum(tf.div(maxNorm, tf.add(total, 1e-6)), 1);
    return tensors.map((tensor) => tf.mul(tensor, scale) as T);
  });
}
