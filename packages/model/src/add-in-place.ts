import * as tf from '@tensorflow/tfjs-core';

/** tfjs-node's kernel backend, as far as running one TensorFlow op by name and reading a reference count need it. */
interface NativeBackend {
  binding: { TF_ATTR_TYPE: number; TF_FLOAT: number };
  executeSingleOutput(name: string, attributes: unknown[], inputs: tf.Tensor[]): tf.Tensor;
  refCount(dataId: object): number;
}

/**
 * `variable += update` in the variable's own memory, for folding a weight update in without a second copy of the
 * weight: TensorFlow's `InplaceAdd` over every row writes into its input's buffer (the output aliases it, as the
 * KV cache's `InplaceUpdate` does), so nothing of the variable's size is allocated, and memory the weights were
 * loaded into (JS buffers TensorFlow wraps, which are freed only when the garbage collector runs) is reused rather
 * than replaced. The variable then takes a new data id over the same memory, so caches keyed by data id (the fused
 * decode weights) see a new version. The sum is the same float32 add as `tf.add`.
 *
 * Returns false, and changes nothing, where it cannot: another backend, a shape or dtype mismatch, or a buffer
 * that another tensor shares (a `tf.clone` or a second variable over it), which an in-place write would change
 * too. The caller then assigns `tf.add(variable, update)`.
 */
export function addInPlace(variable: tf.Variable, update: tf.Tensor): boolean {
  if (tf.getBackend() !== 'tensorflow' || variable.dtype !== 'float32' || update.dtype !== 'float32') return false;
  if (variable.rank < 1 || !tf.util.arraysEqual(variable.shape, update.shape)) return false;
  const backend = tf.backend() as unknown as NativeBackend;
  if (typeof backend.refCount !== 'function' || backend.refCount(variable.dataId) !== 1) return false;
  const rows = variable.shape[0] as number;
  const attribute = { name: 'T', type: backend.binding.TF_ATTR_TYPE, value: backend.binding.TF_FLOAT };
  const everyRow = tf.tensor1d(
    Int32Array.from({ length: rows }, (_, row) => row),
    'int32',
  );
  try {
    backend.executeSingleOutput('InplaceAdd', [attribute], [variable, everyRow, update]).dispose();
  } finally {
    everyRow.dispose();
  }
  // A new data id over the same memory (a reshape aliases its input's buffer in TensorFlow).
  const aliased = tf.reshape(variable, variable.shape);
  variable.assign(aliased);
  aliased.dispose();
  return true;
}
