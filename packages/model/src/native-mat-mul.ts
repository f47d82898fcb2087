import * as tf from '@tensorflow/tfjs-core';
import { plainMatMul } from './mat-mul';

/** tfjs-node's kernel backend, as far as running one TensorFlow op by name needs it. */
interface NativeBackend {
  binding: { TF_ATTR_TYPE: number; TF_ATTR_BOOL: number; TF_FLOAT: number };
  executeSingleOutput(name: string, attributes: unknown[], inputs: tf.Tensor[]): tf.Tensor;
}

/**
 * `a · b` of two 2-D float32 tensors, without a gradient (decode steps). On native TensorFlow, its `MatMul` op:
 * tfjs-node runs every `tf.matMul` as `BatchMatMulV2`, whose oneDNN kernel costs about 100 µs of CPU per call
 * whatever the size, where `MatMul` costs about 20 µs at the decode step's sizes (`[16, 128] × [128, 448]`) and
 * the same as `BatchMatMulV2` for large products, with the same results. A decode step runs 17 of them.
 * Elsewhere, `tf.matMul`.
 */
export function denseMatMul(a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D {
  if (tf.getBackend() !== 'tensorflow') return tf.matMul(a, b);
  const backend = tf.backend() as unknown as NativeBackend;
  const { TF_ATTR_TYPE, TF_ATTR_BOOL, TF_FLOAT } = backend.binding;
  const attributes = [
    { name: 'T', type: TF_ATTR_TYPE, value: TF_FLOAT },
    { name: 'transpose_a', type: TF_ATTR_BOOL, value: false },
    { name: 'transpose_b', type: TF_ATTR_BOOL, value: false },
  ];
  return backend.executeSingleOutput('MatMul', attributes, [a, b]) as tf.Tensor2D;
}

/**
 * `a · op(b)` of two 4-D float32 tensors batched over their first two axes (`op(b) = bᵀ` of the last two axes when
 * `transposeB`), without a gradient (decode attention). On native TensorFlow, its `BatchMatMulV3` op, which runs
 * Eigen's kernel (about 20 µs of CPU at a decode step's sizes) where `tf.matMul`'s `BatchMatMulV2` runs oneDNN's
 * (about 100 µs). The two sum in different orders: results agree to float rounding, not bit for bit.
 * Elsewhere, `plainMatMul`.
 */
export function batchedMatMul(a: tf.Tensor4D, b: tf.Tensor4D, transposeB: boolean): tf.Tensor4D {
  if (tf.getBackend() !== 'tensorflow') return plainMatMul(a, b, false, transposeB) as tf.Tensor4D;
  const backend = tf.backend() as unknown as NativeBackend;
  const { TF_ATTR_TYPE, TF_ATTR_BOOL, TF_FLOAT } = backend.binding;
  const attributes = [
    { name: 'Ta', type: TF_ATTR_TYPE, value: TF_FLOAT },
    { name: 'Tb', type: TF_ATTR_TYPE, value: TF_FLOAT },
    { name: 'Tout', type: TF_ATTR_TYPE, value: TF_FLOAT },
    { name: 'adj_x', type: TF_ATTR_BOOL, value: false },
    { name: 'adj_y', type: TF_ATTR_BOOL, value: transposeB },
  ];
  return backend.executeSingleOutput('BatchMatMulV3', attributes, [a, b]) as tf.Tensor4D;
}
