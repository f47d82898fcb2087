import * as tf from '@tensorflow/tfjs-core';
import type { FusedDecodeWeights } from './fused-decode-weights';
import type { KeyValueCache } from './kv-cache';
import type { TransformerConfig } from './model-config';
import { batchedMatMul, denseMatMul } from './native-mat-mul';

/** Floor under the mixture before its log, as in `copyMixtureNextLogProbs`. */
const TINY = 1e-30;

/** What a fused decode step needs from the host, all of it known there (no kernel builds it). */
export interface FusedDecodeInputs {
  /** The token fed to each row. */
  tokens: Int32Array;
  /** Each row's position (its real tokens so far). */
  positions: Float32Array;
  /** Additive mask `[rows, capacity]` over the cache's columns, this step's column included (0 or −1e9). */
  attentionMask: Float32Array;
  /** With a copy head: what the query of each row may copy. */
  copy?: {
    /** Additive mask `[rows, capacity]`: 0 where the row may copy the token after that column, else −1e9. */
    mask: Float32Array;
    /** Per row: the gate's bias, −1e9 more for a row that may copy nothing (its gate is then 0). */
    gateOffset: Float32Array;
    /** `[rows, capacity, 2]`: (row, the id of the token after that column), the scatter target of its copy mass. */
    targets: Int32Array;
  };
}

/**
 * Rotary tables `[rows, (heads + kvHeads)·headDim]` of one decode step, computed on the host (float32 as the
 * kernels would): cos and sin of position × inverse frequency, the query heads' part scaled by 1/√headDim.
 */
function hostRotaryTables(positions: Float32Array, inverse: Float32Array, config: TransformerConfig) {
  const { numAttentionHeads: heads, numKeyValueHeads: kvHeads, headDim } = config;
  const width = (heads + kvHeads) * headDim;
  const cos = new Float32Array(positions.length * width);
  const sin = new Float32Array(positions.length * width);
  const queryScale = Math.fround(1 / Math.sqrt(headDim));
  positions.forEach((position, row) => {
    for (let dimension = 0; dimension < headDim; dimension += 1) {
      const angle = Math.fround(position * (inverse[dimension] as number));
      const [c, s] = [Math.fround(Math.cos(angle)), Math.fround(Math.sin(angle))];
      for (let head = 0; head < heads + kvHeads; head += 1) {
        const scale = head < heads ? queryScale : 1;
        const at = row * width + head * headDim + dimension;
        cos[at] = c * scale;
        sin[at] = s * scale;
      }
    }
  });
  return {
    cos: tf.tensor2d(cos, [positions.length, width]),
    sin: tf.tensor2d(sin, [positions.length, width]),
  };
}

/**
 * `x / √(Σx² + width·ε)` over the last axis: RMSNorm `x / √(mean x² + ε)` divided by √width, which the next
 * matrix carries with the norm's weight (`fusedDecodeWeights`). A sum, not a mean: tfjs-node's mean casts first.
 */
function normalise(x: tf.Tensor2D, epsilon: number): tf.Tensor2D {
  const width = x.shape[1];
  return tf.mul(x, tf.rsqrt(tf.add(tf.sum(tf.square(x), -1, true), width * epsilon))) as tf.Tensor2D;
}

/**
 * One decode step of one token per row over a preallocated cache, in about half the kernels of
 * `TransformerModel.decode` (a decode step is dispatch-bound): fused projections (`fusedDecodeWeights`),
 * rotary embedding without a matmul, no transposes (one token per row), the new keys and values written to the
 * cache as rows, and the masks, rotary tables and copy targets built on the host. Returns the next-token
 * logits `[rows, vocab]` (with a copy head, the mixture's log-probabilities, as `copyMixtureNextLogProbs`). The
 * caller advances the cache after it. Call inside `tf.tidy`.
 */
export function fusedDecodeStep(
  weights: FusedDecodeWeights,
  config: TransformerConfig,
  cache: KeyValueCache,
  inputs: FusedDecodeInputs,
): tf.Tensor2D {
  const { numAttentionHeads: heads, numKeyValueHeads: kvHeads, headDim, rmsNormEps: epsilon } = config;
  const rows = inputs.tokens.length;
  const capacity = cache.capacity;
  const qkWidth = (heads + kvHeads) * headDim;
  const { cos, sin } = hostRotaryTables(inputs.positions, weights.inverseFrequencies, config);
  const mask = tf.tensor4d(inputs.attentionMask, [rows, 1, 1, capacity]);
  let hidden = tf.gather(weights.embedTokens, tf.tensor1d(inputs.tokens, 'int32')) as tf.Tensor2D;
  weights.layers.forEach((layer, index) => {
    let projected: tf.Tensor = denseMatMul(normalise(hidden, epsilon), layer.qkvRotated);
    if (layer.qkvRotatedBias) projected = tf.add(projected, layer.qkvRotatedBias);
    const [qk, v, qkRotated] = tf.split(projected, [qkWidth, kvHeads * headDim, qkWidth], 1) as tf.Tensor2D[];
    const roped = tf.add(tf.mul(qk as tf.Tensor, cos), tf.mul(qkRotated as tf.Tensor, sin));
    const [q, k] = tf.split(roped, [heads * headDim, kvHeads * headDim], 1);
    const buffers = cache.writeRows(
      index,
      tf.reshape(k as tf.Tensor, [rows * kvHeads, headDim]) as tf.Tensor2D,
      tf.reshape(v as tf.Tensor, [rows * kvHeads, headDim]) as tf.Tensor2D,
    );
    const queries = tf.reshape(q as tf.Tensor, [rows, kvHeads, heads / kvHeads, headDim]) as tf.Tensor4D;
    const scores = batchedMatMul(queries, buffers.keys as tf.Tensor4D, true);
    const probabilities = tf.softmax(tf.add(scores, mask)) as tf.Tensor4D;
    const context = tf.reshape(batchedMatMul(probabilities, buffers.values as tf.Tensor4D, false), [
      rows,
      heads * headDim,
    ]);
    let attended: tf.Tensor = denseMatMul(context as tf.Tensor2D, layer.o);
    if (layer.oBias) attended = tf.add(attended, layer.oBias);
    hidden = tf.add(hidden, attended) as tf.Tensor2D;
    const [gate, up] = tf.split(denseMatMul(normalise(hidden, epsilon), layer.gateUp), 2, 1) as tf.Tensor2D[];
    const activated = tf.mul(tf.mul(gate as tf.Tensor, tf.sigmoid(gate as tf.Tensor)), up as tf.Tensor);
    hidden = tf.add(hidden, denseMatMul(activated as tf.Tensor2D, layer.down)) as tf.Tensor2D;
  });
  const out = denseMatMul(normalise(hidden, epsilon), weights.head);
  if (!weights.copy || !inputs.copy) return out;
  const { keyDim } = weights.copy;
  const vocab = config.vocabSize;
  const [logits, query, key, gateLogit] = tf.split(out, [vocab, keyDim, keyDim, 1], 1) as tf.Tensor2D[];
  // The copy head's entry comes after the layers; this step's key is written at the current column (ids are
  // the host's: `inputs.copy.targets`).
  const copyBuffers = cache.writeRows(config.numHiddenLayers, key as tf.Tensor2D);
  const copyScores = batchedMatMul(
    tf.reshape(query as tf.Tensor, [rows, 1, 1, keyDim]) as tf.Tensor4D,
    copyBuffers.keys as tf.Tensor4D,
    true,
  );
  const attention = tf.softmax(tf.add(copyScores, tf.tensor4d(inputs.copy.mask, [rows, 1, 1, capacity])));
  const gate = tf.sigmoid(tf.add(gateLogit as tf.Tensor, tf.tensor2d(inputs.copy.gateOffset, [rows, 1])));
  const gated = tf.mul(attention, tf.reshape(gate, [rows, 1, 1, 1]));
  const targets = tf.tensor(inputs.copy.targets, [rows, 1, 1, capacity, 2], 'int32');
  const copyMass = tf.scatterND(targets, gated, [rows, vocab]);
  const mixture = tf.add(tf.mul(tf.softmax(logits as tf.Tensor), tf.sub(1, gate)), copyMass);
  return tf.log(tf.add(mixture, TINY)) as tf.Tensor2D;
}
