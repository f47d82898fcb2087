import * as tf from '@tensorflow/tfjs-core';

/** Longest row length. */
export function maxRowLength(rows: ReadonlyArray<readonly number[]>): number {
  return rows.reduce((longest, row) => Math.max(longest, row.length), 0);
}

/** Right-pad rows to `width` into a row-major flat array. */
export function padRows(rows: ReadonlyArray<readonly number[]>, width: number, padValue: number): number[] {
  const flat = new Array<number>(rows.length * width).fill(padValue);
  rows.forEach((row, rowIndex) => {
    for (let column = 0; column < Math.min(row.length, width); column += 1) {
      flat[rowIndex * width + column] = row[column] as number;
    }
  });
  return flat;
}

/** Columns of a sequence batch: the longest row, at least 2 (one scored position). */
export function sequenceWidth(tokenRows: ReadonlyArray<readonly number[]>): number {
  return Math.max(maxRowLength(tokenRows), 2);
}

/**
 * Right-padded int32 token ids and attention mask, [batch, sequenceWidth]; scores then have
 * `sequenceWidth - 1` positions. Caller owns both tensors.
 */
export function buildSequenceTensors(
  tokenRows: ReadonlyArray<readonly number[]>,
  padTokenId: number,
): { inputIds: tf.Tensor2D; attentionMask: tf.Tensor2D } {
  const width = sequenceWidth(tokenRows);
  const maskRows = tokenRows.map((row) => row.map(() => 1));
  return {
    inputIds: tf.tensor2d(padRows(tokenRows, width, padTokenId), [tokenRows.length, width], 'int32'),
    attentionMask: tf.tensor2d(padRows(maskRows, width, 0), [tokenRows.length, width], 'int32'),
  };
}

/** Per-position values, right-padded with 0 to `positions` columns (float32). Caller owns the tensor. */
export function buildPositionTensor(rows: ReadonlyArray<readonly number[]>, positions: number): tf.Tensor2D {
  return tf.tensor2d(padRows(rows, positions, 0), [rows.length, positions], 'float32');
}

/** Split `items` into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += Math.max(size, 1)) {
    chunks.push(items.slice(start, start + Math.max(size, 1)));
  }
  return chunks;
}

function compareTokenRows(left: readonly number[], right: readonly number[]): number {
  const limit = Math.min(left.length, right.length);
  for (let index = 0; index < limit; index += 1) {
    const difference = (left[index] as number) - (right[index] as number);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * Micro-batches of at most `size` items after a stable sort by token ids, so items that share a prefix (the
 * branches of one dialogue turn) land in the same micro-batch and the model runs that prefix once. Summed
 * micro-batch gradients do not depend on how items are split.
 */
export function chunkSharingPrefixes<T>(
  items: readonly T[],
  size: number,
  tokenIdsOf: (item: T) => readonly number[],
): T[][] {
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => compareTokenRows(tokenIdsOf(a.item), tokenIdsOf(b.item)) || a.index - b.index)
    .map(({ item }) => item);
  return chunk(sorted, size);
}
