import type { TrainableLanguageModel } from '@rlver/policy';
import * as tf from '@tensorflow/tfjs-core';
import { buildSequenceTensors, chunkSharingPrefixes } from './batch-tensors';

/** Per-sample scores, each row trimmed to the sample's `tokenIds.length - 1` positions. */
export interface SampleScores {
  logProbs: number[][];
  /** Present when `withValues` was set. */
  values?: number[][];
}

/**
 * Score token sequences without gradients, `microBatchSize` rows at a time (old log-probs, values, reference
 * log-probs). Tensors are created and disposed here; only plain arrays come back.
 */
export async function scoreSamples(
  model: TrainableLanguageModel,
  tokenRows: ReadonlyArray<readonly number[]>,
  options: { microBatchSize: number; temperature: number; withValues?: boolean },
): Promise<SampleScores> {
  const logProbs: number[][] = new Array(tokenRows.length);
  const values: number[][] = new Array(tokenRows.length);
  const indices = tokenRows.map((_, index) => index);
  for (const chunkIndices of chunkSharingPrefixes(indices, options.microBatchSize, (index) => tokenRows[index] ?? [])) {
    const rows = chunkIndices.map((index) => tokenRows[index] ?? []);
    const scores = tf.tidy(() => {
      const { inputIds, attentionMask } = buildSequenceTensors(rows, model.padTokenId);
      const result = model.scoreSequences(inputIds, attentionMask, {
        temperature: options.temperature,
        withValues: options.withValues === true,
      });
      return { logProbs: result.logProbs, values: result.values ?? tf.zerosLike(result.logProbs) };
    });
    const [logProbRows, valueRows] = await Promise.all([scores.logProbs.array(), scores.values.array()]);
    tf.dispose(scores);
    chunkIndices.forEach((sampleIndex, position) => {
      const length = (tokenRows[sampleIndex]?.length ?? 1) - 1;
      logProbs[sampleIndex] = (logProbRows[position] ?? []).slice(0, length);
      values[sampleIndex] = (valueRows[position] ?? []).slice(0, length);
    });
  }
  return options.withValues ? { logProbs, values } : { logProbs };
}
