import * as tf from '@tensorflow/tfjs-core';

/**
 * How per-token losses become one number.
 * - `token-mean`: Σ loss / Σ tokens over the minibatch (every token weighs the same; DAPO, verl default).
 * - `sequence-mean`: mean over sequences of each sequence's token mean (original GRPO; long answers weigh less).
 * - `sequence-sum-norm`: Σ loss / (sequences × `lossNormalizer`), a constant per-token weight independent of
 *   length (Dr. GRPO; verl `seq-mean-token-sum-norm`).
 */
export type LossAggregation = 'token-mean' | 'sequence-mean' | 'sequence-sum-norm';

/**
 * Minibatch-level denominators. Micro-batches of one minibatch share them, so the sum of the micro-batch
 * losses equals the loss of the whole minibatch (gradient accumulation stays exact).
 */
export interface AggregationNormalizer {
  /** Loss-mask tokens in the whole minibatch. */
  tokenCount: number;
  /** Sequences in the whole minibatch. */
  sequenceCount: number;
  /** Constant per-sequence token budget for `sequence-sum-norm` (e.g. the generation budget). */
  lossNormalizer: number;
}

/** Aggregate a [batch, positions] per-token loss under `mask`. Caller owns the scalar. */
export function aggregateLoss(
  perTokenLoss: tf.Tensor2D,
  mask: tf.Tensor2D,
  aggregation: LossAggregation,
  normalizer: AggregationNormalizer,
): tf.Scalar {
  return tf.tidy(() => {
    const maskedLoss = tf.mul(perTokenLoss, mask);
    if (aggregation === 'token-mean') return tf.div(tf.sum(maskedLoss), Math.max(normalizer.tokenCount, 1));
    const sequenceCount = Math.max(normalizer.sequenceCount, 1);
    if (aggregation === 'sequence-sum-norm') {
      return tf.div(tf.sum(maskedLoss), sequenceCount * normalizer.lossNormalizer);
    }
    const perSequence = tf.div(tf.sum(maskedLoss, 1), tf.maximum(tf.sum(mask, 1), 1));
    return tf.div(tf.sum(perSequence), sequenceCount);
  });
}
