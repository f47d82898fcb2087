import * as tf from '@tensorflow/tfjs-core';

/** tfjs-node's kernel backend, as far as running one TensorFlow op by name needs it. */
interface NativeBackend {
  binding: { TF_ATTR_TYPE: number; TF_FLOAT: number };
  executeSingleOutput(name: string, attributes: unknown[], inputs: tf.Tensor[]): tf.Tensor;
}

/**
 * Log-softmax over the last axis of `[rows, columns]`, without a gradient (for sampling, and inside custom
 * gradients). On native TensorFlow, its `LogSoftmax` op: one kernel, where tfjs's `logSoftmax` runs six
 * (max, sub, cast, exp, sum, log, sub), which costs a dispatch-bound decode step and, over `[rows, vocab]`,
 * memory traffic. Elsewhere, `tf.logSoftmax`.
 */
export function logSoftmaxKernel(logits: tf.Tensor2D): tf.Tensor2D {
  if (tf.getBackend() !== 'tensorflow') return tf.logSoftmax(logits);
  const backend = tf.backend() as unknown as NativeBackend;
  const attribute = { name: 'T', type: backend.binding.TF_ATTR_TYPE, value: backend.binding.TF_FLOAT };
  return backend.executeSingleOutput('LogSoftmax', [attribute], [logits]) as tf.Tensor2D;
}
