import { buildPositionTensor, buildSequenceTensors, type LossComputation } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';

/**
 * Clipped value loss (spec §6.3): ½ · token-mean over `valueMask` of max((V − R)², (clip(V, V_old ± c) − R)²),
 * divided by the minibatch's value-token count so micro-batches add up. `valueClip` null = ½(V − R)².
 * Also returns the masked count of positions where the clipped branch is larger. Caller owns the tensors.
 */
export function computeValueLoss(options: {
  values: tf.Tensor2D;
  oldValues: tf.Tensor2D;
  returns: tf.Tensor2D;
  valueMask: tf.Tensor2D;
  valueClip: number | null;
  tokenCount: number;
}): { loss: tf.Scalar; clippedSum: tf.Scalar } {
  return tf.tidy(() => {
    const unclipped = tf.square(tf.sub(options.values, options.returns));
    let perToken: tf.Tensor = unclipped;
    let clipped: tf.Tensor = tf.zerosLike(unclipped);
    if (options.valueClip !== null) {
      const clippedValues = tf.add(
        options.oldValues,
        tf.clipByValue(tf.sub(options.values, options.oldValues), -options.valueClip, options.valueClip),
      );
      const clippedLoss = tf.square(tf.sub(clippedValues, options.returns));
      perToken = tf.maximum(unclipped, clippedLoss);
      clipped = tf.cast(tf.greater(clippedLoss, unclipped), 'float32');
    }
    const loss = tf.div(tf.mul(tf.sum(tf.mul(perToken, options.valueMask)), 0.5), Math.max(options.tokenCount, 1));
    return { loss: loss as tf.Scalar, clippedSum: tf.sum(tf.mul(clipped, options.valueMask)) as tf.Scalar };
  });
}

/** Per-sample inputs of the critic loss. */
export interface CriticRow {
  tokenIds: readonly number[];
  valueMask: readonly number[];
  oldValues: readonly number[];
  returns: readonly number[];
}

/**
 * The value head's inputs for one micro-batch under the current weights, `[rows, positions, features]`
 * (no gradient: the trunk belongs to the actor). The caller disposes the tensor.
 */
export function computeValueFeatures(
  policy: TrainableLanguageModel,
  rows: readonly CriticRow[],
  temperature: number,
): tf.Tensor3D {
  return tf.tidy(() => {
    const { inputIds, attentionMask } = buildSequenceTensors(
      rows.map((row) => row.tokenIds),
      policy.padTokenId,
    );
    const scores = policy.scoreSequences(inputIds, attentionMask, { temperature, withFeatures: true });
    if (!scores.features) throw new Error('the policy returned no features; PPO needs withFeatures support');
    return scores.features;
  });
}

/** Loss function of one critic micro-batch for `GuardedUpdater.step`: the value head on precomputed features. */
export function createCriticLoss(options: {
  policy: TrainableLanguageModel;
  rows: readonly CriticRow[];
  features: tf.Tensor3D;
  valueClip: number | null;
  tokenCount: number;
}): () => LossComputation {
  return () => {
    const positions = options.features.shape[1];
    const column = (pick: (row: CriticRow) => readonly number[]) =>
      buildPositionTensor(options.rows.map(pick), positions);
    const { loss, clippedSum } = computeValueLoss({
      values: options.policy.valuesFromFeatures(options.features),
      oldValues: column((row) => row.oldValues),
      returns: column((row) => row.returns),
      valueMask: column((row) => row.valueMask),
      valueClip: options.valueClip,
      tokenCount: options.tokenCount,
    });
    return { loss, metrics: { valueLoss: loss, valueClippedSum: clippedSum } };
  };
}

/** 1 − Var(R − V) / Var(R) over masked positions; 0 when the returns have no variance. */
export function explainedVariance(
  values: ReadonlyArray<readonly number[]>,
  returns: ReadonlyArray<readonly number[]>,
  masks: ReadonlyArray<readonly number[]>,
): number {
  const pairs: Array<[number, number]> = [];
  masks.forEach((mask, row) => {
    mask.forEach((flag, position) => {
      if (flag === 1) pairs.push([values[row]?.[position] ?? 0, returns[row]?.[position] ?? 0]);
    });
  });
  const variance = (items: number[]) => {
    const mean = items.reduce((a, b) => a + b, 0) / Math.max(items.length, 1);
    return items.reduce((total, item) => total + (item - mean) ** 2, 0) / Math.max(items.length, 1);
  };
  const returnVariance = variance(pairs.map(([, target]) => target));
  if (returnVariance === 0) return 0;
  return 1 - variance(pairs.map(([value, target]) => target - value)) / returnVariance;
}
