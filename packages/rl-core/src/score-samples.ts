import type { TrainableLanguageModel } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { buildSequenceTensors, chunkSharingPrefixes } from './batch-tensors';

/** Per-sample scores, each row trimmed to the sample's `tokenIds.length - 1` positions. */
export interface SampleScores {
  logProbs: number[][];
  /** Present when `withValues` was set. */
  values?: number[][];
  /**
   * With `keepFeatures`: the value head's inputs of each micro-batch, `[rows, positions, features]`, with the
   * sample indices of its rows. The caller disposes the tensors.
   */
  featureChunks?: FeatureChunk[];
}

/** The value head's inputs of a few samples (rows in `sampleIndices` order). */
export interface FeatureChunk {
  sampleIndices: number[];
  features: tf.Tensor3D;
}

/**
 * Score token sequences without gradients, `microBatchSize` rows at a time (old log-probs, values, reference
 * log-probs). Tensors are created and disposed here; only plain arrays come back, except the value head's
 * inputs when `keepFeatures` asks for them (so a critic can be fitted without a second forward pass).
 */
export async function scoreSamples(
  model: TrainableLanguageModel,
  tokenRows: ReadonlyArray<readonly number[]>,
  options: { microBatchSize: number; temperature: number; withValues?: boolean; keepFeatures?: boolean },
): Promise<SampleScores> {
  const logProbs: number[][] = new Array(tokenRows.length);
  const values: number[][] = new Array(tokenRows.length);
  const featureChunks: FeatureChunk[] = [];
  const indices = tokenRows.map((_, index) => index);
  const chunks = chunkSharingPrefixes(indices, options.microBatchSize, (index) => tokenRows[index] ?? []);
  try {
    for (const chunkIndices of chunks) {
      const rows = chunkIndices.map((index) => tokenRows[index] ?? []);
      const scores = tf.tidy(() => {
        const { inputIds, attentionMask } = buildSequenceTensors(rows, model.padTokenId);
        const result = model.scoreSequences(inputIds, attentionMask, {
          temperature: options.temperature,
          withValues: options.withValues === true,
          withFeatures: options.keepFeatures === true,
        });
        return {
          logProbs: result.logProbs,
          values: result.values ?? tf.zerosLike(result.logProbs),
          features: result.features,
        };
      });
      const [logProbRows, valueRows] = await Promise.all([scores.logProbs.array(), scores.values.array()]);
      tf.dispose([scores.logProbs, scores.values]);
      if (scores.features) featureChunks.push({ sampleIndices: chunkIndices, features: scores.features });
      chunkIndices.forEach((sampleIndex, position) => {
        const length = (tokenRows[sampleIndex]?.length ?? 1) - 1;
        logProbs[sampleIndex] = (logProbRows[position] ?? []).slice(0, length);
        values[sampleIndex] = (valueRows[position] ?? []).slice(0, length);
      });
    }
  } catch (error) {
    tf.dispose(featureChunks.map((chunk) => chunk.features));
    throw error;
  }
  return {
    logProbs,
    ...(options.withValues ? { values } : {}),
    ...(options.keepFeatures ? { featureChunks } : {}),
  };
}
