import type * as tf from '@tensorflow/tfjs-core';

/** A tuple of `count` tensors. */
export type TensorTuple<Count extends number, Built extends tf.Tensor[] = []> = Built['length'] extends Count
  ? Built
  : TensorTuple<Count, [...Built, tf.Tensor]>;

/**
 * The tensors a `tf.customGrad` forward saved, as a tuple of exactly `count` (its gradient function's `saved`
 * argument). Throws when the forward saved a different number, so that a tensor added to or dropped from the
 * `save([...])` list without the matching change in the gradient fails at once instead of shifting every name.
 */
export function savedTensors<Count extends number>(
  saved: readonly tf.Tensor[],
  count: Count,
  op: string,
): TensorTuple<Count> {
  if (saved.length !== count) {
    throw new Error(
      `${op}: the backward pass expects ${count} saved tensors but the forward saved ${saved.length}; keep its save([...]) list and the gradient's names in step.`,
    );
  }
  return [...saved] as unknown as TensorTuple<Count>;
}
