import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParseJSON } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';
import type { TransformerModel } from '../transformer-model';

/** Folder of the checkpoints written by scripts/make-reference-checkpoints.py (transformers, float32). */
export const REFERENCE_CHECKPOINTS = fileURLToPath(new URL('./reference-checkpoints', import.meta.url));

/** The checkpoints that must load, by folder name. */
export const REFERENCE_CASES = [
  'llama-untied-defaults',
  'llama-tied-bias',
  'llama3-rope-scaling',
  'llama3-legacy-rope-scaling',
  'qwen2-bf16',
  'qwen3-head-dim',
] as const;

const referenceSchema = z.looseObject({
  tiedEmbeddings: z.boolean(),
  tokenIds: z.array(z.number().int().nonnegative()),
  logits: z.array(z.array(z.number())),
});
export type ReferenceLogits = z.infer<typeof referenceSchema>;

export function readReferenceLogits(name: string): ReferenceLogits {
  const path = join(REFERENCE_CHECKPOINTS, name, 'reference.json');
  const parsed = safeParseJSON(readFileSync(path, 'utf8'), referenceSchema);
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.value;
}

/** Our logits `[length][vocab]` for one unpadded row of token ids. */
export async function logitsOf(model: TransformerModel, tokenIds: readonly number[]): Promise<number[][]> {
  const ids = tf.tensor2d([[...tokenIds]], undefined, 'int32');
  const mask = tf.onesLike(ids) as tf.Tensor2D;
  const logits = model.forwardLogits(ids, mask);
  const rows = ((await logits.array()) as number[][][])[0] as number[][];
  tf.dispose([ids, mask, logits]);
  return rows;
}

/** Largest |a − b| over two equally shaped matrices (Infinity when the shapes differ). */
export function maxAbsDifference(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let largest = 0;
  for (const [row, values] of a.entries()) {
    const other = b[row] as readonly number[];
    if (values.length !== other.length) return Number.POSITIVE_INFINITY;
    for (const [column, value] of values.entries()) {
      largest = Math.max(largest, Math.abs(value - (other[column] as number)));
    }
  }
  return largest;
}
