import * as tf from '@tensorflow/tfjs-core';

/**
 * A variable that takes over `initial`'s buffer; `initial` is disposed. `tf.variable(initial)` alone shares
 * the buffer and leaves `initial` holding a reference, so a later `assign` (loading a checkpoint) frees
 * nothing and the weights are held twice.
 */
export function variableFrom(initial: tf.Tensor, trainable: boolean): tf.Variable {
  const variable = tf.variable(initial, trainable);
  initial.dispose();
  return variable;
}
