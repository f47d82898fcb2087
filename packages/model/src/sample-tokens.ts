import * as tf from '@tensorflow/tfjs-core';
import { logSoftmaxKernel } from './log-softmax-kernel';
import type { TokenSamplingOptions } from './sample-token';

/**
 * `sampleToken` for a whole batch, as tensor ops: one row of logits per batch row, one uniform draw in
 * [0, 1) per row (`uniforms`, drawn by the caller from its seeded streams; ignored when greedy). Returns
 * `[batch, 3]` float32: the token id, its log-probability under softmax(logits / temperature) over the
 * whole vocabulary, and that distribution's entropy. Same rule as `sampleToken`: candidates sorted by
 * logit (ties: lower id first), top-k then the smallest top-p prefix, the token whose cumulative
 * probability first reaches `uniform × kept mass`; greedy at temperature 0 (log-prob at temperature 1).
 * Only `[batch, 3]` numbers leave the backend, not the logits. The caller owns the result.
 */
export function sampleTokensInTensors(
  logits: tf.Tensor2D,
  options: TokenSamplingOptions,
  uniforms: Float32Array,
): tf.Tensor2D {
  return tf.tidy(() => {
    const [batch, vocab] = logits.shape;
    const greedy = options.temperature <= 0;
    const scaled = greedy || options.temperature === 1 ? logits : tf.div(logits, options.temperature);
    const logProbs = logSoftmaxKernel(scaled as tf.Tensor2D);
    const probabilities = tf.exp(logProbs);
    const entropy = tf.neg(tf.sum(tf.mul(probabilities, logProbs), -1));
    const argmax = tf.argMax(logits, -1) as tf.Tensor1D;
    let token: tf.Tensor1D;
    if (greedy) token = argmax;
    else {
      const useTopK = options.topK > 0 && options.topK < vocab;
      const draws = tf.tensor2d(uniforms, [batch, 1]);
      if (!useTopK && options.topP >= 1) {
        const cumulative = tf.cumsum(probabilities, 1) as tf.Tensor2D;
        token = firstReaching(cumulative, draws);
        token = tf.where(tf.less(token, vocab), token, argmax) as tf.Tensor1D;
      } else {
        const kept = useTopK ? options.topK : vocab;
        const { indices } = tf.topk(logits, kept, true);
        const cumulative = tf.cumsum(gatherPerRow(probabilities, indices as tf.Tensor2D), 1) as tf.Tensor2D;
        let count = tf.fill([batch], kept, 'int32') as tf.Tensor1D;
        if (options.topP < 1) {
          const belowTopP = tf.sum(tf.cast(tf.less(cumulative, options.topP), 'int32'), 1);
          count = tf.minimum(tf.add(belowTopP, tf.scalar(1, 'int32')), tf.scalar(kept, 'int32')) as tf.Tensor1D;
        }
        const last = tf.sub(count, tf.scalar(1, 'int32'));
        const mass = gatherPerRow(cumulative, tf.reshape(last, [batch, 1]));
        const rank = tf.minimum(firstReaching(cumulative, tf.mul(draws, mass)), last) as tf.Tensor1D;
        token = tf.reshape(gatherPerRow(indices, tf.reshape(rank, [batch, 1])), [batch]) as tf.Tensor1D;
      }
    }
    // The token's log-prob: one flat gather at row·vocab + token, offsets from the host (no reshapes of the token).
    const rowStarts = tf.tensor1d(
      Int32Array.from({ length: batch }, (_, row) => row * vocab),
      'int32',
    );
    const tokenLogProb = tf.gather(tf.reshape(logProbs, [-1]), tf.add(tf.cast(token, 'int32'), rowStarts));
    return tf.stack([tf.cast(token, 'float32'), tokenLogProb, entropy], 1) as tf.Tensor2D;
  });
}

/** Per row, the first column whose cumulative value reaches the row's threshold (the column count when none does). */
function firstReaching(cumulative: tf.Tensor2D, thresholds: tf.Tensor): tf.Tensor1D {
  return tf.sum(tf.cast(tf.less(cumulative, thresholds), 'int32'), 1) as tf.Tensor1D;
}

/**
 * `out[b, j] = x[b, indices[b, j]]` as one flat gather (tfjs-wasm's gather with batch dimensions reads out
 * of bounds).
 */
function gatherPerRow(x: tf.Tensor, indices: tf.Tensor2D): tf.Tensor2D {
  const [batch, width] = x.shape as [number, number];
  // Row offsets from the host: no kernel (a decode step is dispatch-bound).
  const offsets = tf.tensor2d(
    Int32Array.from({ length: batch }, (_, row) => row * width),
    [batch, 1],
    'int32',
  );
  const flat = tf.add(indices.dtype === 'int32' ? indices : tf.cast(indices, 'int32'), offsets);
  return tf.reshape(tf.gather(tf.reshape(x, [-1]), tf.reshape(flat, [-1])), indices.shape) as tf.Tensor2D;
}
