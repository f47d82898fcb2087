import * as tf from '@tensorflow/tfjs-core';

export interface ClippedGradients {
  /** Gradients scaled by `min(1, maxNorm / (norm + 1e-6))`, same keys; the caller disposes them. */
  gradients: Record<string, tf.Tensor>;
  /** Global L2 norm before clipping. */
  globalNorm: number;
}

/**
 * Clip gradients by their global L2 norm (PyTorch `clip_grad_norm_`): returns new gradient tensors and
 * the pre-clip norm; the inputs are not disposed.
 */
export function clipByGlobalNorm(gradients: Readonly<Record<string, tf.Tensor>>, maxNorm: number): ClippedGradients {
  const names = Object.keys(gradients);
  if (names.length === 0) return { gradients: {}, globalNorm: 0 };
  const norm = tf.tidy(() => tf.sqrt(tf.addN(names.map((name) => tf.sum(tf.square(gradients[name] as tf.Tensor))))));
  const globalNorm = norm.dataSync()[0] as number;
  norm.dispose();
  const scale = Math.min(1, maxNorm / (globalNorm + 1e-6));
  const clipped: Record<string, tf.Tensor> = {};
  for (const name of names) {
    const gradient = gradients[name] as tf.Tensor;
    clipped[name] = scale < 1 ? tf.mul(gradient, scale) : tf.clone(gradient);
  }
  return { gradients: clipped, globalNorm };
}
