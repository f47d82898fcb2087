import * as tf from '@tensorflow/tfjs-core';

/** A two-layer grouped-query transformer small enough for exact comparisons in tests. */
export const TINY_TRANSFORMER_CONFIG = {
  vocabSize: 50,
  hiddenSize: 32,
  intermediateSize: 40,
  numHiddenLayers: 2,
  numAttentionHeads: 4,
  numKeyValueHeads: 2,
  eosTokenIds: [1],
  ropeTheta: 10_000,
};

/** Right-padded int32 ids and attention mask of `rows`; the caller disposes both. */
export function paddedBatch(rows: number[][], pad = 0): { ids: tf.Tensor2D; mask: tf.Tensor2D } {
  const width = Math.max(...rows.map((row) => row.length));
  const ids = rows.map((row) => [...row, ...new Array(width - row.length).fill(pad)]);
  const mask = rows.map((row) => [...row.map(() => 1), ...new Array(width - row.length).fill(0)]);
  return { ids: tf.tensor2d(ids, undefined, 'int32'), mask: tf.tensor2d(mask, undefined, 'int32') };
}
