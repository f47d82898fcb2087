import * as tf from '@tensorflow/tfjs-core';
import { checkpointed, recordingGradients } from './checkpointed-layer';
import { adapterVariables, type LayerProjections, type LoraState, layerProjections } from './lora';
import { linear, matMul } from './mat-mul';
import type { TransformerConfig } from './model-config';
import { type LayerWeights, layerVariables, type TransformerWeights } from './transformer-weights';

/** Keys and values of one layer for the positions seen so far: `[batch, kvHeads, length, headDim]`. */
export interface LayerKeyValues {
  keys: tf.Tensor4D;
  values: tf.Tensor4D;
}

/** Rotary tables `[batch, length, qHeads + kvHeads, headDim]`; the q part carries the 1/√headDim scale. */
export interface RotaryTables {
  cos: tf.Tensor4D;
  sin: tf.Tensor4D;
}

export interface ForwardInputs {
  /** int32 `[batch, length]`. */
  inputIds: tf.Tensor2D;
  rotary: RotaryTables;
  /** Additive mask broadcastable to `[batch, 1, 1, length, pastLength + length]` (0 or -1e9). */
  mask: tf.Tensor;
  /** Past keys/values per layer (generation); absent for a full-sequence pass. */
  past?: LayerKeyValues[];
  /**
   * A preallocated cache (generation, instead of `past`): each layer writes its new keys/values into it in
   * place and attends over all of its columns (the mask hides those not written). See `KeyValueCache`.
   */
  cache?: KeyValueWriter;
  /**
   * Gradient checkpointing (`checkpointed`): under a recording tape, each layer keeps only its input for the
   * backward pass and is recomputed there. Only for full-sequence passes (no `past`, no `cache`); `present` is
   * then empty.
   */
  checkpointLayers?: boolean;
}

/** Where a decode step writes the keys/values of layer `index`; returns everything that layer attends over. */
export interface KeyValueWriter {
  /** The column this step writes (the columns before it are filled). */
  readonly length: number;
  write(index: number, keys: tf.Tensor4D, values: tf.Tensor4D): LayerKeyValues;
}

const rotationMatrices = new Map<number, tf.Tensor2D>();

/** `x·R = rotate_half(x) = [-x₂, x₁]` as a constant matrix, so rotary embedding costs one matmul. */
function rotateHalfMatrix(headDim: number): tf.Tensor2D {
  let matrix = rotationMatrices.get(headDim);
  if (!matrix || matrix.isDisposed) {
    const half = headDim / 2;
    const data = new Float32Array(headDim * headDim);
    for (let column = 0; column < half; column += 1) data[(column + half) * headDim + column] = -1;
    for (let column = half; column < headDim; column += 1) data[(column - half) * headDim + column] = 1;
    matrix = tf.keep(tf.tensor2d(data, [headDim, headDim]));
    rotationMatrices.set(headDim, matrix);
  }
  return matrix;
}

/**
 * Inverse frequencies of the rotary embedding, one per dimension (HF `rotate_half` convention: repeated over
 * both halves). With `ropeScaling` of type llama3 (transformers `_compute_llama3_parameters`): wavelengths
 * above originalMax / lowFreqFactor are divided by `factor`, those below originalMax / highFreqFactor kept,
 * and the band between interpolated.
 */
export function rotaryInverseFrequencies(config: TransformerConfig): Float32Array {
  const { headDim, ropeTheta, ropeScaling } = config;
  const half = headDim / 2;
  const perPair = Array.from({ length: half }, (_, index) => 1 / ropeTheta ** ((2 * index) / headDim));
  const scaled = ropeScaling
    ? perPair.map((frequency) => {
        const { factor, lowFreqFactor, highFreqFactor, originalMaxPositionEmbeddings: original } = ropeScaling;
        const wavelength = (2 * Math.PI) / frequency;
        if (wavelength < original / highFreqFactor) return frequency;
        if (wavelength > original / lowFreqFactor) return frequency / factor;
        const smooth = (original / wavelength - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
        return ((1 - smooth) * frequency) / factor + smooth * frequency;
      })
    : perPair;
  return Float32Array.from({ length: headDim }, (_, index) => scaled[index % half] as number);
}

/** Rotary tables for float positions `[batch, length]`. Call inside `tf.tidy`. */
export function rotaryTables(positions: tf.Tensor2D, config: TransformerConfig): RotaryTables {
  const { headDim, numAttentionHeads, numKeyValueHeads } = config;
  const [batch, length] = positions.shape;
  const angles = tf.mul(
    tf.reshape(positions, [batch, length, 1, 1]),
    tf.tensor4d(rotaryInverseFrequencies(config), [1, 1, 1, headDim]),
  );
  const headScale = new Float32Array(numAttentionHeads + numKeyValueHeads).fill(1);
  headScale.fill(1 / Math.sqrt(headDim), 0, numAttentionHeads);
  const scale = tf.tensor4d(headScale, [1, 1, numAttentionHeads + numKeyValueHeads, 1]);
  return { cos: tf.mul(tf.cos(angles), scale), sin: tf.mul(tf.sin(angles), scale) };
}

/** Positions of a padded batch: the number of real tokens before each one (pads get the previous value). */
export function positionsFromMask(attentionMask: tf.Tensor2D): tf.Tensor2D {
  return tf.relu(tf.sub(tf.cumsum(tf.cast(attentionMask, 'float32'), 1), 1)) as tf.Tensor2D;
}

/** Additive causal + key-padding mask `[batch, 1, 1, length, length]` for a full-sequence pass. */
export function causalMask(attentionMask: tf.Tensor2D): tf.Tensor {
  const [batch, length] = attentionMask.shape;
  const lower = new Float32Array(length * length);
  for (let row = 0; row < length; row += 1) lower.fill(1, row * length, row * length + row + 1);
  const keys = tf.reshape(tf.cast(attentionMask, 'float32'), [batch, 1, length]);
  const allowed = tf.mul(tf.tensor3d(lower, [1, length, length]), keys);
  return tf.reshape(tf.mul(tf.sub(1, allowed), -1e9), [batch, 1, 1, length, length]);
}

export function rmsNorm(x: tf.Tensor, weight: tf.Tensor, epsilon: number): tf.Tensor {
  const variance = tf.mean(tf.square(x), -1, true);
  return tf.mul(tf.mul(x, tf.rsqrt(tf.add(variance, epsilon))), weight);
}

/**
 * Embedding lookup. Its gradient is a scatter-add of the upstream rows done in JS: the wasm backend lacks
 * UnsortedSegmentSum (the kernel of gather's gradient), and a one-hot matmul would cost
 * 2·rows·vocab·hidden FLOPs.
 */
export function embedTokens(table: tf.Tensor2D, flatIds: tf.Tensor1D): tf.Tensor2D {
  // Native TensorFlow and WebGPU have UnsortedSegmentSum, gather's gradient; WebGPU cannot read a tensor
  // synchronously in Node (its readSync needs OffscreenCanvas), so the JS scatter-add below cannot run there.
  if (tf.getBackend() === 'tensorflow' || tf.getBackend() === 'webgpu') return tf.gather(table, flatIds);
  const [vocabSize, hiddenSize] = table.shape;
  const lookup = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [weights, save] = inputs as [tf.Tensor, tf.GradSaveFunc];
    save([flatIds]);
    return {
      value: tf.gather(weights, flatIds) as tf.Tensor2D,
      // Scatter-add of the upstream rows into the used vocabulary rows, in JS (a few hundred rows).
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const ids = (saved[0] as tf.Tensor).dataSync();
        const upstream = (dy as tf.Tensor).dataSync();
        const gradient = new Float32Array(vocabSize * hiddenSize);
        for (let row = 0; row < ids.length; row += 1) {
          const offset = (ids[row] as number) * hiddenSize;
          for (let column = 0; column < hiddenSize; column += 1) {
            gradient[offset + column] =
              (gradient[offset + column] as number) + (upstream[row * hiddenSize + column] as number);
          }
        }
        return [tf.tensor2d(gradient, [vocabSize, hiddenSize])];
      },
    };
  });
  return lookup(table) as tf.Tensor2D;
}

function attention(
  x2d: tf.Tensor2D,
  weights: {
    project: LayerProjections;
    queryNorm?: tf.Tensor;
    keyNorm?: tf.Tensor;
  },
  inputs: {
    batch: number;
    length: number;
    rotary: RotaryTables;
    mask: tf.Tensor;
    past?: LayerKeyValues;
    write?: (keys: tf.Tensor4D, values: tf.Tensor4D) => LayerKeyValues;
  },
  config: TransformerConfig,
): { output: tf.Tensor2D; present: LayerKeyValues } {
  const { numAttentionHeads: heads, numKeyValueHeads: kvHeads, headDim } = config;
  const { batch, length } = inputs;
  const group = heads / kvHeads;
  const qkv = weights.project.qkv(x2d);
  const [qkProjected, v] = tf.split(
    tf.reshape(qkv, [batch, length, heads + 2 * kvHeads, headDim]),
    [heads + kvHeads, kvHeads],
    2,
  );
  let qk = qkProjected as tf.Tensor;
  if (weights.queryNorm && weights.keyNorm) {
    // Qwen3: RMSNorm over each head's width, q_norm on query heads and k_norm on key heads, before RoPE.
    const perHead = tf.concat([tf.tile(weights.queryNorm, [heads]), tf.tile(weights.keyNorm, [kvHeads])]);
    qk = rmsNorm(qk, tf.reshape(perHead, [heads + kvHeads, headDim]), config.rmsNormEps);
  }
  const rotated = tf.reshape(matMul(tf.reshape(qk, [-1, headDim]), rotateHalfMatrix(headDim)), qk.shape);
  const qkRoped = tf.add(tf.mul(qk, inputs.rotary.cos), tf.mul(rotated, inputs.rotary.sin));
  const [q, k] = tf.split(qkRoped, [heads, kvHeads], 2);
  let keys = tf.transpose(k as tf.Tensor, [0, 2, 1, 3]) as tf.Tensor4D;
  let values = tf.transpose(v as tf.Tensor, [0, 2, 1, 3]) as tf.Tensor4D;
  if (inputs.past) {
    keys = tf.concat([inputs.past.keys, keys], 2);
    values = tf.concat([inputs.past.values, values], 2);
  } else if (inputs.write) {
    ({ keys, values } = inputs.write(keys, values));
  }
  const keyLength = keys.shape[2];
  // Grouped queries: [B, T, kv, g, d] → [B, kv, g·T, d], so each kv head serves its g query heads.
  const queries = tf.reshape(
    tf.transpose(tf.reshape(q as tf.Tensor, [batch, length, kvHeads, group, headDim]), [0, 2, 3, 1, 4]),
    [batch, kvHeads, group * length, headDim],
  );
  const scores = tf.reshape(matMul(queries, keys, false, true), [batch, kvHeads, group, length, keyLength]);
  const probabilities = tf.reshape(tf.softmax(tf.add(scores, inputs.mask)), [
    batch,
    kvHeads,
    group * length,
    keyLength,
  ]);
  const context = tf.reshape(matMul(probabilities, values), [batch, kvHeads, group, length, headDim]);
  const merged = tf.reshape(tf.transpose(context, [0, 3, 1, 2, 4]), [batch * length, heads * headDim]);
  const output = weights.project.o(merged as tf.Tensor2D);
  return { output, present: { keys, values } };
}

function mlp(x2d: tf.Tensor2D, project: LayerProjections, intermediate: number): tf.Tensor2D {
  const [gate, up] = tf.split(project.gateUp(x2d), [intermediate, intermediate], 1);
  const activated = tf.mul(tf.mul(gate as tf.Tensor, tf.sigmoid(gate as tf.Tensor)), up as tf.Tensor) as tf.Tensor2D;
  return project.down(activated);
}

function decoderLayer(
  hidden: tf.Tensor2D,
  layer: LayerWeights,
  index: number,
  context: {
    lora: LoraState | undefined;
    config: TransformerConfig;
    batch: number;
    length: number;
    inputs: ForwardInputs;
  },
): { hidden: tf.Tensor2D; present: LayerKeyValues } {
  const { config, lora, inputs } = context;
  const project = layerProjections(layer, index, lora, config);
  const attended = attention(
    rmsNorm(hidden, layer.inputNorm, config.rmsNormEps) as tf.Tensor2D,
    {
      project,
      queryNorm: layer.queryNorm,
      keyNorm: layer.keyNorm,
    },
    {
      batch: context.batch,
      length: context.length,
      rotary: inputs.rotary,
      mask: inputs.mask,
      past: inputs.past?.[index],
      write: inputs.cache && ((keys, values) => (inputs.cache as KeyValueWriter).write(index, keys, values)),
    },
    config,
  );
  const afterAttention = tf.add(hidden, attended.output) as tf.Tensor2D;
  const normed = rmsNorm(afterAttention, layer.postNorm, config.rmsNormEps) as tf.Tensor2D;
  const output = tf.add(afterAttention, mlp(normed, project, config.intermediateSize));
  return { hidden: output as tf.Tensor2D, present: attended.present };
}

/**
 * Run the decoder: final-normed hidden states `[batch·length, hidden]` and each layer's keys/values
 * (past included). Call inside `tf.tidy`.
 */
export function transformerHidden(
  weights: TransformerWeights,
  config: TransformerConfig,
  lora: LoraState | undefined,
  inputs: ForwardInputs,
): { hidden: tf.Tensor2D; present: LayerKeyValues[] } {
  const [batch, length] = inputs.inputIds.shape;
  let hidden = embedTokens(weights.embedTokens as tf.Tensor2D, tf.reshape(inputs.inputIds, [-1]));
  const present: LayerKeyValues[] = [];
  if (inputs.checkpointLayers && !inputs.past && !inputs.cache && recordingGradients()) {
    weights.layers.forEach((layer, index) => {
      const run = (x: tf.Tensor2D, [cos, sin, mask]: readonly tf.Tensor[]) =>
        decoderLayer(x, layer, index, {
          lora,
          config,
          batch,
          length,
          inputs: { ...inputs, rotary: { cos: cos as tf.Tensor4D, sin: sin as tf.Tensor4D }, mask: mask as tf.Tensor },
        }).hidden;
      const trainable = [...layerVariables(layer), ...(lora ? adapterVariables(lora, index) : [])].filter(
        (variable) => variable.trainable,
      );
      // Its own scope, as below: the forward's temporaries are not saved, and would otherwise live to the end.
      const input = hidden;
      hidden = tf.tidy(() => checkpointed(run, input, [inputs.rotary.cos, inputs.rotary.sin, inputs.mask], trainable));
    });
    return { hidden: rmsNorm(hidden, weights.finalNorm, config.rmsNormEps) as tf.Tensor2D, present };
  }
  weights.layers.forEach((layer, index) => {
    // One scope per layer: what the layer made and no one needs (norms, projections, attention scores) is freed
    // now, not when the whole forward ends. Under autodiff the tape keeps what the backward pass needs.
    const result = tf.tidy(
      () =>
        decoderLayer(hidden, layer, index, { lora, config, batch, length, inputs }) as unknown as tf.TensorContainer,
    ) as unknown as ReturnType<typeof decoderLayer>;
    hidden = result.hidden;
    present.push(result.present);
  });
  return { hidden: rmsNorm(hidden, weights.finalNorm, config.rmsNormEps) as tf.Tensor2D, present };
}

/** Logits `[rows, vocab]` of hidden states `[rows, hidden]` (tied embeddings or `lm_head`). */
export function languageModelHead(hidden: tf.Tensor2D, weights: TransformerWeights): tf.Tensor2D {
  return linear(hidden, (weights.lmHead ?? weights.embedTokens) as tf.Tensor2D);
}
