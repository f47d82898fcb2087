import { variableFrom } from '@rlver/optim';
import { createRng, hashSeed, InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { COPY_GATE_INITIAL_BIAS, COPY_HEAD_TENSORS, type CopyHeadWeights } from './copy-head';
import type { TransformerConfig } from './model-config';
import { defaultReadThreads, readTensorsInParallel, type TensorReadRequest } from './parallel-tensor-read';
import type { NamedFloatTensor } from './safetensors';
import { weightBuffer } from './weight-buffer';

/**
 * Variables of one decoder layer. Matrices keep the Hugging Face `[out, in]` layout; q/k/v rows are
 * fused into one matrix (q rows, then k, then v) and gate/up into another, so each takes one matmul.
 */
export interface LayerWeights {
  inputNorm: tf.Variable;
  /** `[Dq + 2·Dkv, hidden]`. */
  qkvWeight: tf.Variable;
  qkvBias?: tf.Variable;
  /** `[hidden, Dq]`. */
  oWeight: tf.Variable;
  oBias?: tf.Variable;
  /** Qwen3 `q_norm` / `k_norm`: RMSNorm weights `[headDim]` applied to every query / key head before RoPE. */
  queryNorm?: tf.Variable;
  keyNorm?: tf.Variable;
  postNorm: tf.Variable;
  /** `[2·intermediate, hidden]`: gate rows, then up rows. */
  gateUpWeight: tf.Variable;
  /** `[hidden, intermediate]`. */
  downWeight: tf.Variable;
}

/** Value head (critic): `V = w·h + b` on the final normed hidden state (TRL names `v_head.summary.*`). */
export interface ValueHeadWeights {
  weight: tf.Variable;
  bias: tf.Variable;
}

export interface TransformerWeights {
  /** `[vocab, hidden]`. */
  embedTokens: tf.Variable;
  layers: LayerWeights[];
  finalNorm: tf.Variable;
  /** `[vocab, hidden]`; absent when embeddings are tied. */
  lmHead?: tf.Variable;
  valueHead?: ValueHeadWeights;
  /** The copy (pointer-generator) head, exactly when the config has `copyHead`. */
  copyHead?: CopyHeadWeights;
}

/** Where an HF tensor lives: a variable, and a row range of it for fused matrices. */
interface WeightSlot {
  name: string;
  shape: number[];
  variable: tf.Variable;
  rowStart: number;
}

/** Every HF-named tensor of the model, in checkpoint order. */
export function weightSlots(weights: TransformerWeights, config: TransformerConfig): WeightSlot[] {
  const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim } = config;
  const dq = numAttentionHeads * headDim;
  const dkv = numKeyValueHeads * headDim;
  const slot = (name: string, variable: tf.Variable, shape: number[], rowStart = 0): WeightSlot => ({
    name,
    shape,
    variable,
    rowStart,
  });
  const slots: WeightSlot[] = [slot('model.embed_tokens.weight', weights.embedTokens, [config.vocabSize, h])];
  weights.layers.forEach((layer, index) => {
    const prefix = `model.layers.${index}`;
    slots.push(slot(`${prefix}.input_layernorm.weight`, layer.inputNorm, [h]));
    slots.push(slot(`${prefix}.self_attn.q_proj.weight`, layer.qkvWeight, [dq, h], 0));
    slots.push(slot(`${prefix}.self_attn.k_proj.weight`, layer.qkvWeight, [dkv, h], dq));
    slots.push(slot(`${prefix}.self_attn.v_proj.weight`, layer.qkvWeight, [dkv, h], dq + dkv));
    if (layer.qkvBias) {
      slots.push(slot(`${prefix}.self_attn.q_proj.bias`, layer.qkvBias, [dq], 0));
      slots.push(slot(`${prefix}.self_attn.k_proj.bias`, layer.qkvBias, [dkv], dq));
      slots.push(slot(`${prefix}.self_attn.v_proj.bias`, layer.qkvBias, [dkv], dq + dkv));
    }
    slots.push(slot(`${prefix}.self_attn.o_proj.weight`, layer.oWeight, [h, dq]));
    if (layer.oBias) slots.push(slot(`${prefix}.self_attn.o_proj.bias`, layer.oBias, [h]));
    if (layer.queryNorm) slots.push(slot(`${prefix}.self_attn.q_norm.weight`, layer.queryNorm, [headDim]));
    if (layer.keyNorm) slots.push(slot(`${prefix}.self_attn.k_norm.weight`, layer.keyNorm, [headDim]));
    slots.push(slot(`${prefix}.post_attention_layernorm.weight`, layer.postNorm, [h]));
    slots.push(slot(`${prefix}.mlp.gate_proj.weight`, layer.gateUpWeight, [inter, h], 0));
    slots.push(slot(`${prefix}.mlp.up_proj.weight`, layer.gateUpWeight, [inter, h], inter));
    slots.push(slot(`${prefix}.mlp.down_proj.weight`, layer.downWeight, [h, inter]));
  });
  slots.push(slot('model.norm.weight', weights.finalNorm, [h]));
  if (weights.lmHead) slots.push(slot('lm_head.weight', weights.lmHead, [config.vocabSize, h]));
  if (weights.copyHead && config.copyHead) {
    const keyDim = config.copyHead.keyDim;
    slots.push(slot(COPY_HEAD_TENSORS.query, weights.copyHead.query, [keyDim, h]));
    slots.push(slot(COPY_HEAD_TENSORS.key, weights.copyHead.key, [keyDim, h]));
    slots.push(slot(COPY_HEAD_TENSORS.gate, weights.copyHead.gate, [1, h]));
    slots.push(slot(COPY_HEAD_TENSORS.gateBias, weights.copyHead.gateBias, [1]));
  }
  if (weights.valueHead) {
    slots.push(slot('v_head.summary.weight', weights.valueHead.weight, [1, h]));
    slots.push(slot('v_head.summary.bias', weights.valueHead.bias, [1]));
  }
  return slots;
}

/** Variable shapes, one per distinct variable, with the HF slots that fill it. */
function variableShapes(config: TransformerConfig): {
  layer: Record<keyof LayerWeights, number[]>;
} {
  const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim } = config;
  const dqkv = (numAttentionHeads + 2 * numKeyValueHeads) * headDim;
  return {
    layer: {
      inputNorm: [h],
      qkvWeight: [dqkv, h],
      qkvBias: [dqkv],
      oWeight: [h, numAttentionHeads * headDim],
      oBias: [h],
      queryNorm: [headDim],
      keyNorm: [headDim],
      postNorm: [h],
      gateUpWeight: [2 * inter, h],
      downWeight: [h, inter],
    },
  };
}

type Filler = (name: string, shape: number[]) => tf.Tensor;

function buildWeights(config: TransformerConfig, fill: Filler, withValueHead: boolean): TransformerWeights {
  return buildVariables(config, (name, shape) => variableFrom(fill(name, shape), true), withValueHead);
}

/** The weights' structure, each variable made by `make` (in a fixed order: embeddings, layers, norm, heads). */
function buildVariables(
  config: TransformerConfig,
  make: (name: string, shape: number[]) => tf.Variable,
  withValueHead: boolean,
): TransformerWeights {
  const shapes = variableShapes(config).layer;
  const variable = make;
  const layers = Array.from({ length: config.numHiddenLayers }, (_, index): LayerWeights => {
    const prefix = `layers.${index}`;
    return {
      inputNorm: variable(`${prefix}.inputNorm`, shapes.inputNorm),
      qkvWeight: variable(`${prefix}.qkvWeight`, shapes.qkvWeight),
      ...(config.attentionBias ? { qkvBias: variable(`${prefix}.qkvBias`, shapes.qkvBias) } : {}),
      oWeight: variable(`${prefix}.oWeight`, shapes.oWeight),
      ...(config.attentionOutputBias ? { oBias: variable(`${prefix}.oBias`, shapes.oBias) } : {}),
      ...(config.queryKeyNorm
        ? {
            queryNorm: variable(`${prefix}.queryNorm`, shapes.queryNorm),
            keyNorm: variable(`${prefix}.keyNorm`, shapes.keyNorm),
          }
        : {}),
      postNorm: variable(`${prefix}.postNorm`, shapes.postNorm),
      gateUpWeight: variable(`${prefix}.gateUpWeight`, shapes.gateUpWeight),
      downWeight: variable(`${prefix}.downWeight`, shapes.downWeight),
    };
  });
  const h = config.hiddenSize;
  return {
    embedTokens: variable('embedTokens', [config.vocabSize, h]),
    layers,
    finalNorm: variable('finalNorm', [h]),
    ...(config.tieWordEmbeddings ? {} : { lmHead: variable('lmHead', [config.vocabSize, h]) }),
    ...(withValueHead
      ? { valueHead: { weight: variable('valueHead.weight', [1, h]), bias: variable('valueHead.bias', [1]) } }
      : {}),
    ...(config.copyHead
      ? {
          copyHead: {
            query: variable('copyHead.query', [config.copyHead.keyDim, h]),
            key: variable('copyHead.key', [config.copyHead.keyDim, h]),
            gate: variable('copyHead.gate', [1, h]),
            gateBias: variable('copyHead.gateBias', [1]),
          },
        }
      : {}),
  };
}

/** Seeded normal(0, std) matrix, generated in JS so that it is identical on every backend. */
export function seededNormal(shape: number[], std: number, seed: number): tf.Tensor {
  const rng = createRng(seed);
  const size = shape.reduce((product, dimension) => product * dimension, 1);
  const data = new Float32Array(size);
  for (let index = 0; index < size; index += 1) data[index] = rng.normal() * std;
  return tf.tensor(data, shape, 'float32');
}

/** Fresh weights: norms 1, biases 0 (the copy gate's: logit 0.05), matrices normal(0, initStd) seeded per tensor name. */
export function initializeWeights(
  config: TransformerConfig,
  options: { seed: number; initStd: number; valueHead: boolean },
): TransformerWeights {
  return buildWeights(
    config,
    (name, shape) => {
      if (/Norm$/.test(name)) return tf.ones(shape);
      if (name === 'copyHead.gateBias') return tf.fill(shape, COPY_GATE_INITIAL_BIAS);
      if (/Bias$|bias$/.test(name)) return tf.zeros(shape);
      return seededNormal(shape, options.initStd, hashSeed(options.seed, name));
    },
    options.valueHead,
  );
}

/** Float32 tensors by HF name, read one at a time (a loaded map, or safetensors files read on demand). */
export interface NamedTensorSource {
  shapeOf(name: string): readonly number[] | undefined;
  /** Write tensor `name`'s float32 values into `out` from element `offset`. */
  readInto(name: string, out: Float32Array, offset: number): void;
  /** Where tensor `name`'s bytes lie in a safetensors file, when it comes from one: such tensors may be read on threads. */
  locate?(name: string): Omit<TensorReadRequest, 'out' | 'offset'> | undefined;
}

/** Options of `weightsFromSource`. */
export interface WeightsFromSourceOptions {
  /** Named in errors (the model folder). */
  source: string;
  valueHead: boolean;
  /**
   * Reader threads for tensors the source can `locate` (default: `defaultReadThreads()` on native TensorFlow for
   * weights of 256 MiB and more, else 1). 1 reads on this thread, one variable at a time.
   */
  readThreads?: number;
}

/** Float32 bytes from which a load is spread over threads by default (below, starting threads costs more). */
const THREADED_LOAD_BYTES = 256 * 2 ** 20;

/**
 * Weights read from `source`: each variable's float32 values (fused q/k/v and gate/up included) are assembled
 * in one buffer that becomes the variable's tensor. Missing or mis-shaped tensors throw `InvalidInputError`
 * naming the tensor; `lm_head.weight` is ignored when embeddings are tied.
 *
 * With one reader thread, variables are read one at a time (a load holds the weights once plus one variable's
 * buffer; on wasm that is what keeps the copy into the wasm heap small). With more, every variable's buffer is
 * allocated first (shared memory that native TensorFlow then wraps in place, so nothing is held twice) and the
 * files are read and decoded by `readTensorsInParallel`.
 */
export async function weightsFromSource(
  config: TransformerConfig,
  source: NamedTensorSource,
  options: WeightsFromSourceOptions,
): Promise<TransformerWeights> {
  // A dry build with stand-ins tells which HF tensors fill each variable, and at which row.
  const standIns = new Map<string, { name: string; shape: number[]; size: number }>();
  const plan = buildVariables(
    config,
    (name, shape) => {
      const standIn = { name, shape, size: shape.reduce((product, size) => product * size, 1) };
      standIns.set(name, standIn);
      return standIn as unknown as tf.Variable;
    },
    options.valueHead,
  );
  const slotsOf = new Map<string, WeightSlot[]>();
  for (const slot of weightSlots(plan, config)) {
    const name = (slot.variable as unknown as { name: string }).name;
    const shape = source.shapeOf(slot.name);
    if (!shape) {
      if (slot.name.startsWith('v_head.')) continue; // a fresh value head starts at zero
      throw new InvalidInputError({ file: options.source, message: `tensor "${slot.name}" is missing.` });
    }
    if (shape.join(',') !== slot.shape.join(',')) {
      throw new InvalidInputError({
        file: options.source,
        message: `tensor "${slot.name}" has shape [${shape.join(', ')}]; config.json implies [${slot.shape.join(', ')}].`,
      });
    }
    slotsOf.set(name, [...(slotsOf.get(name) ?? []), slot]);
  }
  const totalBytes = [...standIns.values()].reduce((sum, standIn) => sum + standIn.size * 4, 0);
  const threads =
    options.readThreads ??
    (tf.getBackend() === 'tensorflow' && totalBytes >= THREADED_LOAD_BYTES ? defaultReadThreads() : 1);
  const buffers = threads > 1 ? await readAllBuffers(standIns.values(), slotsOf, source, threads) : undefined;
  const made: tf.Variable[] = [];
  try {
    return buildVariables(
      config,
      (name, shape) => {
        let buffer = buffers?.get(name);
        if (!buffer) {
          buffer = weightBuffer(shape.reduce((product, size) => product * size, 1));
          const width = shape.length > 1 ? (shape[1] as number) : 1;
          for (const slot of slotsOf.get(name) ?? []) source.readInto(slot.name, buffer, slot.rowStart * width);
        }
        const variable = variableFrom(tf.tensor(buffer, shape, 'float32'), true);
        made.push(variable);
        return variable;
      },
      options.valueHead,
    );
  } catch (error) {
    for (const variable of made) variable.dispose();
    throw error;
  }
}

/** Every variable's buffer (shared memory), filled: located tensors on `threads` reader threads, the rest here. */
async function readAllBuffers(
  variables: Iterable<{ name: string; shape: number[]; size: number }>,
  slotsOf: ReadonlyMap<string, WeightSlot[]>,
  source: NamedTensorSource,
  threads: number,
): Promise<Map<string, Float32Array>> {
  const buffers = new Map<string, Float32Array>();
  const requests: TensorReadRequest[] = [];
  for (const { name, shape, size } of variables) {
    const buffer = weightBuffer(size, true);
    buffers.set(name, buffer);
    const width = shape.length > 1 ? (shape[1] as number) : 1;
    for (const slot of slotsOf.get(name) ?? []) {
      const location = source.locate?.(slot.name);
      if (location) requests.push({ ...location, out: buffer, offset: slot.rowStart * width });
      else source.readInto(slot.name, buffer, slot.rowStart * width);
    }
  }
  await readTensorsInParallel(requests, { threads });
  return buffers;
}

function rowWidth(variable: tf.Variable): number {
  return variable.shape.length > 1 ? (variable.shape[1] as number) : 1;
}

/** Read every HF-named tensor as float32 (copies; the model is unchanged). */
export async function exportNamedTensors(
  weights: TransformerWeights,
  config: TransformerConfig,
): Promise<NamedFloatTensor[]> {
  const cache = new Map<tf.Variable, Float32Array>();
  const out: NamedFloatTensor[] = [];
  for (const slot of weightSlots(weights, config)) {
    let full = cache.get(slot.variable);
    if (!full) {
      full = (await slot.variable.data()) as Float32Array;
      cache.set(slot.variable, full);
    }
    const size = slot.shape.reduce((product, dimension) => product * dimension, 1);
    const start = slot.rowStart * rowWidth(slot.variable);
    out.push({ name: slot.name, shape: slot.shape, data: full.slice(start, start + size) });
  }
  return out;
}

/** The variables of one decoder layer. */
export function layerVariables(layer: LayerWeights): tf.Variable[] {
  return Object.values(layer).filter((value): value is tf.Variable => value !== undefined);
}

/** Every variable of the weights, value head included. */
export function allVariables(weights: TransformerWeights): tf.Variable[] {
  return [
    weights.embedTokens,
    ...weights.layers.flatMap(layerVariables),
    weights.finalNorm,
    ...(weights.lmHead ? [weights.lmHead] : []),
    ...(weights.valueHead ? [weights.valueHead.weight, weights.valueHead.bias] : []),
    ...(weights.copyHead
      ? [weights.copyHead.query, weights.copyHead.key, weights.copyHead.gate, weights.copyHead.gateBias]
      : []),
  ];
}

export function disposeWeights(weights: TransformerWeights): void {
  for (const variable of allVariables(weights)) variable.dispose();
}

/** HF-named tensors of a freshly initialised copy head for `config` (which must have `copyHead`), seeded. */
export function freshCopyHeadTensors(config: TransformerConfig, seed: number, initStd = 0.02): NamedFloatTensor[] {
  if (!config.copyHead) throw new Error('freshCopyHeadTensors: the config has no copyHead.');
  const { keyDim } = config.copyHead;
  const h = config.hiddenSize;
  const normal = (name: string, shape: number[]): NamedFloatTensor => {
    const rng = createRng(hashSeed(seed, name));
    const data = Float32Array.from(
      { length: (shape[0] as number) * (shape[1] as number) },
      () => rng.normal() * initStd,
    );
    return { name, shape, data };
  };
  return [
    normal(COPY_HEAD_TENSORS.query, [keyDim, h]),
    normal(COPY_HEAD_TENSORS.key, [keyDim, h]),
    normal(COPY_HEAD_TENSORS.gate, [1, h]),
    { name: COPY_HEAD_TENSORS.gateBias, shape: [1], data: Float32Array.of(COPY_GATE_INITIAL_BIAS) },
  ];
}
