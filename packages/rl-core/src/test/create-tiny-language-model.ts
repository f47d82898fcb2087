import type { ScoreSequencesOptions, SequenceScores, TrainableLanguageModel } from '@rlver/spec';
import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';

/** What the test samplers need: the next-token distribution as plain numbers. */
export interface SamplingModel {
  readonly vocabSize: number;
  /** Log-probabilities of the token after `tokenIds` (plain numbers; no tensors escape). */
  nextTokenLogProbs(tokenIds: readonly number[], temperature?: number): number[];
}

/** A few-hundred-parameter language model for tests: token embedding + running mean of the prefix → logits. */
export interface TinyLanguageModel extends TrainableLanguageModel, SamplingModel {
  /** Dispose every variable. */
  dispose(): void;
}

export interface TinyLanguageModelOptions {
  vocabSize?: number;
  hiddenSize?: number;
  seed?: number;
  withValueHead?: boolean;
  /** Prefix of the variable names (must be unique among live models). */
  name?: string;
  padTokenId?: number;
  /** Standard deviation of the initial weights. */
  initScale?: number;
}

let modelCount = 0;

/**
 * hidden_t = tanh(E[x_t] + mean_{s ≤ t} G[x_s]); logits_t = hidden_t · W + b; value_t = hidden_t · w_v + b_v.
 * Implements `TrainableLanguageModel` exactly as the transformer does (position t scores token t + 1).
 */
export function createTinyLanguageModel(options: TinyLanguageModelOptions = {}): TinyLanguageModel {
  const vocabSize = options.vocabSize ?? 12;
  const hiddenSize = options.hiddenSize ?? 8;
  const name = options.name ?? `tiny-${modelCount++}`;
  const rng = createRng(options.seed ?? 0);
  const scale = options.initScale ?? 0.1;
  const init = (shape: number[], std = scale): tf.Tensor =>
    tf.tensor(
      Array.from({ length: shape.reduce((product, size) => product * size, 1) }, () => rng.normal() * std),
      shape,
    );
  const variable = (shape: number[], suffix: string, std?: number): tf.Variable =>
    tf.tidy(() => tf.variable(init(shape, std), true, `${name}/${suffix}`));
  const tokenEmbedding = variable([vocabSize, hiddenSize], 'token_embedding');
  const prefixEmbedding = variable([vocabSize, hiddenSize], 'prefix_embedding');
  const outputWeights = variable([hiddenSize, vocabSize], 'output_weights');
  const outputBias = variable([vocabSize], 'output_bias', 0);
  const valueHead =
    options.withValueHead === false ? [] : [variable([hiddenSize, 1], 'value_weights'), variable([1], 'value_bias', 0)];

  const hiddenStates = (inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D): tf.Tensor3D =>
    tf.tidy(() => {
      const [batch, length] = inputIds.shape;
      const mask = tf.expandDims(tf.cast(attentionMask, 'float32'), 2);
      const current = tf.gather(tokenEmbedding, inputIds);
      // Running sums over positions as a lower-triangular matmul (tfjs' cumsum gradient is wrong off the last axis).
      const lower = tf.tile(tf.expandDims(tf.linalg.bandPart(tf.ones([length, length]), -1, 0), 0), [batch, 1, 1]);
      const prefixSum = tf.matMul(
        lower as tf.Tensor3D,
        tf.mul(tf.gather(prefixEmbedding, inputIds), mask) as tf.Tensor3D,
      );
      const prefixCount = tf.maximum(tf.matMul(lower as tf.Tensor3D, mask as tf.Tensor3D), 1);
      return tf.tanh(tf.add(current, tf.div(prefixSum, prefixCount))) as tf.Tensor3D;
    });

  const project = (hidden: tf.Tensor3D, weights: tf.Tensor2D, bias: tf.Tensor1D): tf.Tensor3D =>
    tf.tidy(() => {
      const [batch, length] = hidden.shape;
      const flat = tf.reshape(hidden, [batch * length, hiddenSize]) as tf.Tensor2D;
      return tf.reshape(tf.add(tf.matMul(flat, weights), bias), [batch, length, weights.shape[1]]) as tf.Tensor3D;
    });

  const model: TinyLanguageModel = {
    vocabSize,
    padTokenId: options.padTokenId ?? 0,
    hasValueHead: valueHead.length > 0,
    scoreSequences(inputIds, attentionMask, scoreOptions: ScoreSequencesOptions = {}): SequenceScores {
      const scores = tf.tidy(() => {
        const [batch, length] = inputIds.shape;
        const hidden = tf.slice(hiddenStates(inputIds, attentionMask), [0, 0, 0], [batch, length - 1, hiddenSize]);
        const logits = tf.div(
          project(hidden as tf.Tensor3D, outputWeights as tf.Tensor2D, outputBias as tf.Tensor1D),
          scoreOptions.temperature ?? 1,
        );
        const logSoftmax = tf.logSoftmax(logits);
        const nextIds = tf.slice(inputIds, [0, 1], [batch, length - 1]);
        const logProbs = tf.sum(tf.mul(tf.oneHot(tf.cast(nextIds, 'int32'), vocabSize), logSoftmax), 2) as tf.Tensor2D;
        const result: SequenceScores = { logProbs };
        if (scoreOptions.withEntropy) {
          result.entropies = tf.neg(tf.sum(tf.mul(tf.exp(logSoftmax), logSoftmax), 2)) as tf.Tensor2D;
        }
        const [valueWeights, valueBias] = valueHead;
        if (scoreOptions.withValues && valueWeights && valueBias) {
          const values = project(hidden as tf.Tensor3D, valueWeights as tf.Tensor2D, valueBias as tf.Tensor1D);
          result.values = tf.squeeze(values, [2]) as tf.Tensor2D;
        }
        if (scoreOptions.withFeatures) result.features = hidden as tf.Tensor3D;
        return result as unknown as tf.TensorContainerObject;
      });
      return scores as unknown as SequenceScores;
    },
    valuesFromFeatures(features) {
      const [valueWeights, valueBias] = valueHead;
      if (!valueWeights || !valueBias)
        throw new Error('valuesFromFeatures: the tiny model was made without a value head');
      return tf.tidy(
        () => tf.squeeze(project(features, valueWeights as tf.Tensor2D, valueBias as tf.Tensor1D), [2]) as tf.Tensor2D,
      );
    },
    nextTokenLogProbs(tokenIds, temperature = 1) {
      const logProbs = tf.tidy(() => {
        const ids = tf.tensor2d([[...tokenIds]], [1, tokenIds.length], 'int32');
        const hidden = tf.slice(hiddenStates(ids, tf.onesLike(ids)), [0, tokenIds.length - 1, 0], [1, 1, hiddenSize]);
        const logits = project(hidden as tf.Tensor3D, outputWeights as tf.Tensor2D, outputBias as tf.Tensor1D);
        return tf.logSoftmax(tf.div(tf.reshape(logits, [vocabSize]), temperature));
      });
      const values = Array.from(logProbs.dataSync());
      logProbs.dispose();
      return values;
    },
    policyVariables: () => [tokenEmbedding, prefixEmbedding, outputWeights, outputBias],
    valueVariables: () => [...valueHead],
    dispose() {
      tf.dispose([tokenEmbedding, prefixEmbedding, outputWeights, outputBias, ...valueHead]);
    },
  };
  return model;
}

/**
 * Add `nextTokenLogProbs` to any `TrainableLanguageModel` by scoring every candidate next token with
 * `scoreSequences` (one row per vocabulary entry; fine for test-sized vocabularies).
 */
export function withNextTokenLogProbs<Model extends TrainableLanguageModel>(model: Model): Model & SamplingModel {
  const nextTokenLogProbs = (tokenIds: readonly number[], temperature = 1): number[] => {
    const scores = tf.tidy(() => {
      const rows = Array.from({ length: model.vocabSize }, (_, candidate) => [...tokenIds, candidate]);
      const width = tokenIds.length + 1;
      const inputIds = tf.tensor2d(rows.flat(), [rows.length, width], 'int32');
      const logProbs = model.scoreSequences(inputIds, tf.onesLike(inputIds), { temperature }).logProbs;
      return tf.reshape(tf.slice(logProbs, [0, width - 2], [rows.length, 1]), [rows.length]);
    });
    const values = Array.from(scores.dataSync());
    scores.dispose();
    return values;
  };
  return new Proxy(model, {
    get(target, key) {
      if (key === 'nextTokenLogProbs') return nextTokenLogProbs;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Model & SamplingModel;
}
