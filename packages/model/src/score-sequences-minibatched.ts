import type { ScoreSequencesOptions, TrainableLanguageModel } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';

/** Scores of one ragged sequence: arrays of length `ids.length − 1` (position t scores token t+1). */
export interface RowScores {
  logProbs: number[];
  entropies?: number[];
  values?: number[];
}

export interface ScoreSequencesMinibatchedOptions extends ScoreSequencesOptions {
  /** Ragged token sequences (at least two tokens each to score anything). */
  sequences: readonly (readonly number[])[];
  /** Rows per forward pass (default 16). Rows are grouped by length to limit padding. */
  batchSize?: number;
}

/**
 * Score many sequences without gradients (old log-probs, reference log-probs, values) in right-padded
 * minibatches of similar length. Returns plain arrays in input order; no tensors escape.
 */
export async function scoreSequencesMinibatched(
  model: TrainableLanguageModel,
  options: ScoreSequencesMinibatchedOptions,
): Promise<RowScores[]> {
  const batchSize = options.batchSize ?? 16;
  const order = options.sequences
    .map((_, index) => index)
    .sort((left, right) => {
      return (options.sequences[left]?.length ?? 0) - (options.sequences[right]?.length ?? 0);
    });
  const results: RowScores[] = options.sequences.map(() => ({ logProbs: [] }));
  for (let start = 0; start < order.length; start += batchSize) {
    const rows = order.slice(start, start + batchSize);
    const width = Math.max(2, ...rows.map((row) => options.sequences[row]?.length ?? 0));
    const ids = new Int32Array(rows.length * width).fill(model.padTokenId);
    const mask = new Int32Array(rows.length * width);
    rows.forEach((row, index) => {
      const sequence = options.sequences[row] ?? [];
      ids.set(sequence, index * width);
      mask.fill(1, index * width, index * width + sequence.length);
    });
    const idsTensor = tf.tensor2d(ids, [rows.length, width], 'int32');
    const maskTensor = tf.tensor2d(mask, [rows.length, width], 'int32');
    const scores = model.scoreSequences(idsTensor, maskTensor, options);
    const [logProbs, entropies, values] = await Promise.all(
      [scores.logProbs, scores.entropies, scores.values].map((tensor) => tensor?.data()),
    );
    tf.dispose([
      idsTensor,
      maskTensor,
      scores.logProbs,
      ...(scores.entropies ? [scores.entropies] : []),
      ...(scores.values ? [scores.values] : []),
    ]);
    rows.forEach((row, index) => {
      const length = Math.max(0, (options.sequences[row]?.length ?? 0) - 1);
      const slice = (data: tf.TypedArray | undefined) =>
        data ? Array.from(data.subarray(index * (width - 1), index * (width - 1) + length) as Float32Array) : undefined;
      const result: RowScores = { logProbs: slice(logProbs) ?? [] };
      if (entropies) result.entropies = slice(entropies);
      if (values) result.values = slice(values);
      results[row] = result;
    });
  }
  return results;
}
