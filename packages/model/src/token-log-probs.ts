import * as tf from '@tensorflow/tfjs-core';

/**
 * Per row of `logits [rows, vocab]`: `log softmax(logits)[target]` and, when asked, the entropy of
 * softmax(logits), as one differentiable op with a hand-written gradient.
 *
 * Forward gathers the target logits from the flattened matrix and subtracts logsumexp; it keeps only
 * the probabilities (plus the logits when the entropy is asked for) for the backward pass, so no
 * `[rows, vocab]` log-softmax, one-hot or product stays alive between forward and backward (the
 * vocabulary-wide tensors dominate training memory).
 * Backward: `d logp/dz = onehot − p`, `dH/dz = −p·(log p + H)`. No gather gradient is needed (the wasm
 * backend lacks its UnsortedSegmentSum kernel).
 *
 * Returns `[rows, 2]`: column 0 the log-probs, column 1 the entropies (zeros unless `withEntropy`).
 */
export function tokenLogProbsAndEntropy(logits: tf.Tensor2D, targets: tf.Tensor1D, withEntropy: boolean): tf.Tensor2D {
  const [rows, vocab] = logits.shape;
  const scores = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [z, save] = inputs as [tf.Tensor2D, tf.GradSaveFunc];
    const max = tf.max(z, -1, true);
    const exponentials = tf.exp(tf.sub(z, max));
    const total = tf.sum(exponentials, -1, true);
    const logSum = tf.add(tf.log(total), max);
    // p is kept for the backward pass instead of z: one exp fewer (wasm's exp is scalar, its div SIMD).
    const probabilities = tf.div(exponentials, total);
    const flatIndex = tf.add(tf.mul(tf.range(0, rows, 1, 'int32'), tf.scalar(vocab, 'int32')), targets);
    const targetLogits = tf.reshape(tf.gather(tf.reshape(z, [-1]), flatIndex), [rows, 1]);
    const logProbs = tf.sub(targetLogits, logSum);
    const entropy = withEntropy ? tf.sub(logSum, tf.sum(tf.mul(probabilities, z), -1, true)) : tf.zerosLike(logProbs);
    save(withEntropy ? [probabilities, targets, z, logSum, entropy] : [probabilities, targets]);
    return {
      value: tf.concat([logProbs, entropy], 1) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [p, savedTargets, savedZ, savedLogSum, savedEntropy] = saved as tf.Tensor[];
        const [dLogProb, dEntropy] = tf.split(dy as tf.Tensor, 2, 1) as [tf.Tensor, tf.Tensor];
        const oneHot = tf.cast(tf.oneHot(savedTargets as tf.Tensor1D, vocab), 'float32');
        let gradient = tf.mul(tf.sub(oneHot, p as tf.Tensor), dLogProb);
        if (withEntropy) {
          const logP = tf.sub(savedZ as tf.Tensor, savedLogSum as tf.Tensor);
          const entropyGradient = tf.mul(tf.mul(p as tf.Tensor, tf.add(logP, savedEntropy as tf.Tensor)), dEntropy);
          gradient = tf.sub(gradient, entropyGradient);
        }
        return [gradient];
      },
    };
  });
  return scores(logits) as tf.Tensor2D;
}
