import { InvalidConfigError } from '@rlver/spec';
import type * as tf from '@tensorflow/tfjs-core';
import { type LogitsRules, logitsRulesActive, ruleMaskForPositions } from './logits-rules';
import { readableSynchronously } from './webgpu-backend';

/** A padded batch's token ids and attention mask as host arrays (row-major `[batch, length]`). */
export interface HostBatch {
  batch: number;
  length: number;
  ids: ArrayLike<number>;
  mask: ArrayLike<number>;
}

/**
 * The host copy of `inputIds` / `attentionMask`, read without any device read-back: off WebGPU always (their data
 * is on the CPU), on WebGPU only while the tensors still hold their CPU values (made from host arrays and not yet
 * used by a kernel, which uploads them and drops that copy). Read it before the forward pass. Undefined when the
 * ids live on the GPU only.
 */
export function hostBatch(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D): HostBatch | undefined {
  if (!readableSynchronously(inputIds, attentionMask)) return undefined;
  const [batch, length] = inputIds.shape;
  return { batch, length, ids: inputIds.dataSync(), mask: attentionMask.dataSync() };
}

/**
 * Rule mask `[batch · (length − 1), vocab]` of a padded batch's scored positions (column t predicts column
 * t + 1; only where both are real tokens), or undefined when no rule is on. The rules read the token ids on the
 * host (`hostBatch`, taken before the forward pass): on WebGPU, ids that exist only on the GPU cannot be read
 * synchronously, and this throws an `InvalidConfigError` that says so. Call inside `tf.tidy`.
 */
export function batchRuleMask(
  rules: LogitsRules | undefined,
  host: HostBatch | undefined,
  vocab: number,
): tf.Tensor2D | undefined {
  if (!rules || !logitsRulesActive(rules.config)) return undefined;
  if (!host) {
    throw new InvalidConfigError({
      field: 'inputIds',
      message:
        'the decoding rules score from the token ids on the host, but these ids exist only on the GPU (WebGPU has no synchronous read in Node); pass scoreSequences tensors made from host arrays (tf.tensor2d of numbers, as buildSequenceTensors does), not the output of a GPU kernel.',
    });
  }
  const { batch, length, ids, mask } = host;
  const rows: number[][] = [];
  const positions: ([number, number] | undefined)[] = [];
  for (let row = 0; row < batch; row += 1) {
    const real: number[] = [];
    for (let column = 0; column < length; column += 1) {
      const at = row * length + column;
      if (column < length - 1) {
        positions.push(mask[at] === 1 && mask[at + 1] === 1 ? [row, real.length] : undefined);
      }
      if (mask[at] === 1) real.push(ids[at] as number);
    }
    rows.push(real);
  }
  return ruleMaskForPositions(rules, rows, positions, vocab);
}
