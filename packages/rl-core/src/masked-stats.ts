import * as tf from '@tensorflow/tfjs-core';

/** Σ x·mask (over all elements, or along `axis`). Caller owns the result. */
export function maskedSum(values: tf.Tensor, mask: tf.Tensor, axis?: number): tf.Tensor {
  return tf.tidy(() => tf.sum(tf.mul(values, mask), axis));
}

/** Σ x·mask / Σ mask; 0 where the mask is empty. Caller owns the result. */
export function maskedMean(values: tf.Tensor, mask: tf.Tensor, axis?: number): tf.Tensor {
  return tf.tidy(() => tf.div(maskedSum(values, mask, axis), tf.maximum(tf.sum(mask, axis), 1)));
}

/**
 * Variance over masked elements; `unbiased` multiplies by n / (n − 1) (verl `masked_var`), falling back to the
 * biased value when n ≤ 1. Caller owns the result.
 */
export function maskedVariance(values: tf.Tensor, mask: tf.Tensor, unbiased = true): tf.Scalar {
  return tf.tidy(() => {
    const mean = maskedMean(values, mask);
    const variance = maskedMean(tf.square(tf.sub(values, mean)), mask) as tf.Scalar;
    if (!unbiased) return variance;
    const count = tf.sum(mask);
    const correction = tf.where(tf.greater(count, 1), tf.div(count, tf.maximum(tf.sub(count, 1), 1)), tf.scalar(1));
    return tf.mul(variance, correction) as tf.Scalar;
  });
}

/**
 * (x − mean) / sqrt(var + 1e-8) with mean and unbiased variance over masked elements (verl `masked_whiten`);
 * `shiftMean: false` adds the mean back. Unmasked elements are whitened too but meaningless. Caller owns it.
 */
export function maskedWhiten<T extends tf.Tensor>(values: T, mask: tf.Tensor, shiftMean = true): T {
  return tf.tidy(() => {
    const mean = maskedMean(values, mask);
    const whitened = tf.mul(tf.sub(values, mean), tf.rsqrt(tf.add(maskedVariance(values, mask), 1e-8)));
    return (shiftMean ? whitened : tf.add(whitened, mean)) as T;
  });
}
