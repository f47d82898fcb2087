import * as tf from '@tensorflow/tfjs-core';
import { effectiveLayerWeights } from './lora';
import { rotaryInverseFrequencies } from './transformer-forward';
import type { TransformerModel } from './transformer-model';

/** One decoder layer's weights for a one-token decode step, every matrix in `[in, out]` layout. */
export interface FusedDecodeLayer {
  /**
   * `[hidden, (heads + kvHeads)·headDim + kvHeads·headDim + (heads + kvHeads)·headDim]`: the q/k projection, the
   * v projection and the q/k projection followed by `rotate_half` (so rotary embedding is two multiplies and an
   * add, no matmul), with the input norm's weight (times √hidden, see `normalise`) folded into the rows.
   */
  qkvRotated: tf.Tensor2D;
  /** The same columns' bias (absent without attention bias). */
  qkvRotatedBias?: tf.Tensor1D;
  /** `[heads·headDim, hidden]`. */
  o: tf.Tensor2D;
  oBias?: tf.Tensor;
  /** `[hidden, 2·intermediate]`: gate and up, the post-attention norm's weight folded in. */
  gateUp: tf.Tensor2D;
  /** `[intermediate, hidden]`. */
  down: tf.Tensor2D;
}

/**
 * A model's weights rearranged once per `generate` call for its decode steps (`fusedDecodeStep`): projections
 * concatenated and transposed, the RMSNorm weights folded into the matrices that follow them, LoRA adapters
 * merged, and with a copy head, the LM head, copy query (1/√keyDim folded in), copy key and gate in one
 * matrix. Built from the current variables: build a new one after the weights change.
 */
export interface FusedDecodeWeights {
  /** The embedding table (the model's variable, not owned). */
  embedTokens: tf.Tensor2D;
  layers: FusedDecodeLayer[];
  /** `[hidden, vocab]`, or `[hidden, vocab + 2·keyDim + 1]` with a copy head (LM | copy query | copy key | gate). */
  head: tf.Tensor2D;
  /** Present with a copy head: its key width and gate bias. */
  copy?: { keyDim: number; gateBias: number };
  /** Rotary inverse frequency per head dimension (`rotaryInverseFrequencies`). */
  inverseFrequencies: Float32Array;
  dispose(): void;
}

/**
 * Largest model (elements in its layers' matrices and LM head) that gets fused decode weights: the fused copy
 * holds those matrices a second time (the rotated q/k rows a third), which a 0.5B checkpoint cannot afford under
 * wasm's 4 GiB, and a model that large decodes at the rate of its matmuls, not of its kernel count.
 */
export const FUSED_DECODE_MAX_ELEMENTS = 50_000_000;

/** Why a model does not take the fused decode step, or undefined when it does (`maxElements`: for tests). */
export function fusedDecodeUnsupported(
  model: TransformerModel,
  maxElements = FUSED_DECODE_MAX_ELEMENTS,
): string | undefined {
  const layer = model.weights.layers[0];
  if (layer?.queryNorm || layer?.keyNorm) return 'per-head q/k norms (Qwen3) come between the projection and RoPE';
  if (model.config.headDim % 2 !== 0) return 'an odd head width has no rotate_half';
  const { weights } = model;
  const elements =
    weights.layers.reduce(
      (sum, each) => sum + each.qkvWeight.size + each.oWeight.size + each.gateUpWeight.size + each.downWeight.size,
      0,
    ) + (weights.lmHead ?? weights.embedTokens).size;
  if (elements > maxElements) {
    return `its ${elements} weight elements are above ${maxElements}: a fused copy would double their memory`;
  }
  return undefined;
}

/** `[out, in]` rows of a q/k projection → the rows of `rotate_half` of its output, per head: `[-x₂, x₁]`. */
function rotatedRows(rows: tf.Tensor, heads: number, headDim: number): tf.Tensor {
  const half = headDim / 2;
  const perHead = tf.reshape(rows, [heads, headDim, -1]);
  const first = tf.slice(perHead, [0, 0, 0], [heads, half, -1]);
  const second = tf.slice(perHead, [0, half, 0], [heads, half, -1]);
  return tf.reshape(tf.concat([tf.neg(second), first], 1), [heads * headDim, -1]);
}

/**
 * The fused decode weights of `model`'s current variables (LoRA merged in when enabled and not merged), or
 * undefined when `fusedDecodeUnsupported`. The caller disposes them.
 */
export async function fusedDecodeWeights(model: TransformerModel): Promise<FusedDecodeWeights | undefined> {
  if (fusedDecodeUnsupported(model)) return undefined;
  const { config, weights } = model;
  const { numAttentionHeads: heads, numKeyValueHeads: kvHeads, headDim } = config;
  const qkWidth = (heads + kvHeads) * headDim;
  const vWidth = kvHeads * headDim;
  // The decode step's norm leaves out the 1/√hidden of the mean (`normalise`): the matrices after it carry it.
  const normScale = Math.sqrt(config.hiddenSize);
  const scaledNorm = (weight: tf.Variable) => tf.reshape(tf.mul(weight, normScale), [1, -1]);
  const built = tf.tidy(() => {
    const layers = weights.layers.map((layer, index) => {
      const effective = effectiveLayerWeights(layer, index, model.loraState, config);
      const [qk, v] = tf.split(effective.qkvWeight, [qkWidth, vWidth], 0) as [tf.Tensor2D, tf.Tensor2D];
      const rows = tf.concat([qk, v, rotatedRows(qk, heads + kvHeads, headDim)], 0);
      const normRow = scaledNorm(layer.inputNorm);
      let qkvRotatedBias: tf.Tensor1D | undefined;
      if (layer.qkvBias) {
        const [qkBias, vBias] = tf.split(layer.qkvBias, [qkWidth, vWidth], 0) as [tf.Tensor, tf.Tensor];
        qkvRotatedBias = tf.concat([
          qkBias,
          vBias,
          tf.reshape(rotatedRows(qkBias, heads + kvHeads, headDim), [-1]),
        ]) as tf.Tensor1D;
      }
      return {
        qkvRotated: tf.transpose(tf.mul(rows, normRow)) as tf.Tensor2D,
        qkvRotatedBias,
        o: tf.transpose(effective.oWeight) as tf.Tensor2D,
        oBias: layer.oBias ? tf.clone(layer.oBias) : undefined,
        gateUp: tf.transpose(tf.mul(effective.gateUpWeight, scaledNorm(layer.postNorm))) as tf.Tensor2D,
        down: tf.transpose(effective.downWeight) as tf.Tensor2D,
      } satisfies FusedDecodeLayer;
    });
    const lm = (weights.lmHead ?? weights.embedTokens) as tf.Tensor2D;
    const copyHead = weights.copyHead;
    const headRows = copyHead
      ? tf.concat([
          lm,
          tf.mul(copyHead.query, 1 / Math.sqrt(copyHead.query.shape[0] as number)),
          copyHead.key,
          copyHead.gate,
        ])
      : lm;
    const head = tf.transpose(tf.mul(headRows, scaledNorm(weights.finalNorm))) as tf.Tensor2D;
    return { layers, head } as unknown as tf.TensorContainer;
  }) as unknown as { layers: FusedDecodeLayer[]; head: tf.Tensor2D };
  const gateBias = weights.copyHead ? ((await weights.copyHead.gateBias.data())[0] as number) : undefined;
  return {
    embedTokens: weights.embedTokens as tf.Tensor as tf.Tensor2D,
    layers: built.layers,
    head: built.head,
    copy:
      gateBias === undefined || !config.copyHead ? undefined : { keyDim: config.copyHead.keyDim, gateBias: gateBias },
    inverseFrequencies: rotaryInverseFrequencies(config),
    dispose: () => tf.dispose([built.head, ...built.layers] as unknown as tf.TensorContainer),
  };
}
