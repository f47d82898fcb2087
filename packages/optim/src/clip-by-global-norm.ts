import * as tf from '@tensorflow/tfjs-core';

/** sqrt(Σ‖g‖²) over all tensors. Caller owns the scalar. */
export function globalNorm(tensors: readonly tf.Tensor[]): tf.Scalar {
  return tf.tidy(() => {
    if (tensors.length === 0) return tf.scalar(0);
    const squares = tensors.map((tensor) => tf.sum(tf.square(tensor)));
    // WebGPU's AddN binds every input as a storage buffer (at most 8 per shader): a chain of adds there.
    const total =
      tf.getBackend() === 'webgpu' ? squares.reduce((sum, square) => tf.add(sum, square)) : tf.addN(squares);
    return tf.sqrt(total) as tf.Scalar;
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

/** Gradients clipped by `clipGradientsByGlobalNorm`, with the norm before clipping. */
export interface ClippedGradients {
  /** Gradients scaled by `min(1, maxNorm / (norm + 1e-6))`, same keys; the caller disposes them. */
  gradients: Record<string, tf.Tensor>;
  /** Global L2 norm before clipping. */
  globalNorm: number;
}

/**
 * `clipByGlobalNorm` for the name → gradient map `tf.variableGrads` returns, reading the norm back (pretraining
 * logs it). The scale is computed in JS doubles and unclipped gradients are copied, exactly as the engine's
 * pretraining always did; the inputs are not disposed.
 */
export function clipGradientsByGlobalNorm(
  gradients: Readonly<Record<string, tf.Tensor>>,
  maxNorm: number,
): ClippedGradients {
  const names = Object.keys(gradients);
  if (names.length === 0) return { gradients: {}, globalNorm: 0 };
  const norm = globalNorm(names.map((name) => gradients[name] as tf.Tensor));
  const value = norm.dataSync()[0] as number;
  norm.dispose();
  const scale = Math.min(1, maxNorm / (value + 1e-6));
  const clipped: Record<string, tf.Tensor> = {};
  for (const name of names) {
    const gradient = gradients[name] as tf.Tensor;
    clipped[name] = scale < 1 ? tf.mul(gradient, scale) : tf.clone(gradient);
  }
  return { gradients: clipped, globalNorm: value };
}
