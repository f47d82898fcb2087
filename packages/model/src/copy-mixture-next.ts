import * as tf from '@tensorflow/tfjs-core';
import { type CopyContext, type CopyHeadWeights, copyAttention } from './copy-head';

/** Floor under the mixture before its log, as in `copyMixtureLogProbs`. */
const TINY = 1e-30;

/**
 * The pointer-generator mixture of one decode step as log-probabilities `[batch, vocab]`, for sampling (no
 * gradient): `log((1 − g)·softmax(lmLogits) + Σ_{k allowed, nextIds[k] = w} g·a_k + TINY)` for the one query per row
 * `last [batch, 1, hidden]` over `context` (its `allowed` is `[batch, 1, keys]`).
 *
 * The same distribution as `copyMixtureLogProbs`, computed in probability space in about a third of its kernels
 * (a decode step is dispatch-bound): one softmax instead of a log-softmax and a log-add-exp, and the gated copy
 * mass scattered straight to flat `row · vocab + id` indices built from a host constant. It differs from the log-space
 * form only where a probability underflows float32 (below about 1e-38, floored at log TINY): never a token
 * that sampling picks. Call inside `tf.tidy`.
 */
export function copyMixtureNextLogProbs(
  head: CopyHeadWeights,
  last: tf.Tensor3D,
  lmLogits: tf.Tensor2D,
  context: CopyContext,
): tf.Tensor2D {
  const [batch, vocab] = lmLogits.shape;
  const keys = context.nextIds.shape[1];
  const { attention, gate } = copyAttention(head, last, context);
  const rowGate = tf.reshape(gate, [batch, 1]);
  const rowStarts = tf.tensor2d(
    Int32Array.from({ length: batch }, (_, row) => row * vocab),
    [batch, 1],
    'int32',
  );
  const flatIds = tf.reshape(tf.add(context.nextIds, rowStarts), [batch * keys, 1]);
  const gatedAttention = tf.reshape(tf.mul(tf.reshape(attention, [batch, keys]), rowGate), [batch * keys]);
  const copyMass = tf.reshape(tf.scatterND(flatIds, gatedAttention, [batch * vocab]), [batch, vocab]);
  const mixture = tf.add(tf.mul(tf.softmax(lmLogits), tf.sub(1, rowGate)), copyMass);
  return tf.log(tf.add(mixture, TINY)) as tf.Tensor2D;
}
