import { copyMixtureTargetLogProbs, type TransformerModel } from '@rlver/model';
import * as tf from '@tensorflow/tfjs-core';

/**
 * Rows `indices` of a matrix, with a gradient that scatters back (the wasm backend lacks the
 * UnsortedSegmentSum kernel behind `tf.gather`'s gradient; the indices are distinct, so a scatter is exact).
 */
function selectRows(matrix: tf.Tensor2D, indices: tf.Tensor1D): tf.Tensor2D {
  const select = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => ({
    value: tf.gather(inputs[0] as tf.Tensor2D, indices) as tf.Tensor2D,
    gradFunc: (dy: tf.Tensor | tf.Tensor[]) =>
      tf.scatterND(tf.reshape(indices, [-1, 1]), dy as tf.Tensor2D, matrix.shape) as tf.Tensor2D,
  }));
  return select(matrix) as tf.Tensor2D;
}

/** A batch for {@link maskedLanguageModelLoss}. */
export interface MaskedBatchTensors {
  /** int32 `[batch, length]`. */
  inputIds: tf.Tensor2D;
  /** int32 `[batch, length]`. */
  attentionMask: tf.Tensor2D;
  /** int32: flat indices `b·(length − 1) + t` of the predicting positions whose target is trained. */
  positions: tf.Tensor1D;
  /** int32: the target token of each of those positions. */
  targets: tf.Tensor1D;
  /** int32: the batch row of each of those positions (used by the copy head). */
  rowsOfPositions: tf.Tensor1D;
}

/**
 * Mean next-token cross-entropy over the trained positions only. The output projection runs on those
 * rows alone (assistant tokens are a minority of a dialogue), which saves most of the head's cost.
 * Call inside `tf.variableGrads`/`tf.tidy`.
 */
export function maskedLanguageModelLoss(model: TransformerModel, batch: MaskedBatchTensors): tf.Scalar {
  const [batchSize, length] = batch.inputIds.shape;
  const hiddenSize = model.config.hiddenSize;
  const hidden = tf.reshape(model.hiddenStates(batch.inputIds, batch.attentionMask), [batchSize, length, hiddenSize]);
  const predicting = tf.reshape(tf.slice(hidden, [0, 0, 0], [batchSize, length - 1, hiddenSize]), [-1, hiddenSize]);
  const rows = selectRows(predicting as tf.Tensor2D, batch.positions);
  const outputMatrix = (model.weights.lmHead ?? model.weights.embedTokens) as tf.Tensor2D;
  const logits = tf.matMul(rows, outputMatrix, false, true);
  // The wasm OneHot kernel ignores dtype: build int32, then cast.
  const targetOneHot = tf.cast(tf.oneHot(batch.targets, model.config.vocabSize), 'float32');
  const targetLogits = tf.sum(tf.mul(logits, targetOneHot), -1);
  if (!model.weights.copyHead) return tf.mean(tf.sub(tf.logSumExp(logits, -1), targetLogits)) as tf.Scalar;
  // Copy head: the pointer-generator mixture's log-prob of each target, from the attention mass on positions
  // whose next token is the target (no vocabulary-wide copy tensor).
  const lmTargetLogProbs = tf.sub(targetLogits, tf.logSumExp(logits, -1));
  const flatHidden = tf.reshape(hidden, [batchSize * length, hiddenSize]) as tf.Tensor2D;
  const terms = model.copyHeadTerms(batch.inputIds, batch.attentionMask, flatHidden);
  const attention = tf.reshape(tf.slice(terms.attention, [0, 0, 0], [batchSize, length - 1, length]), [-1, length]);
  const gate = tf.reshape(tf.slice(terms.gate, [0, 0, 0], [batchSize, length - 1, 1]), [-1, 1]);
  const selectedAttention = selectRows(attention as tf.Tensor2D, batch.positions);
  const selectedGate = tf.reshape(selectRows(gate as tf.Tensor2D, batch.positions), [-1]);
  const nextIds = tf.gather(terms.nextIds, batch.rowsOfPositions);
  const matches = tf.cast(tf.equal(nextIds, tf.reshape(batch.targets, [-1, 1])), 'float32');
  const copyMass = tf.sum(tf.mul(selectedAttention, matches), -1);
  return tf.neg(tf.mean(copyMixtureTargetLogProbs(lmTargetLogProbs, selectedGate, copyMass))) as tf.Scalar;
}
