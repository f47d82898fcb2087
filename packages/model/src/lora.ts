import { variableFrom } from '@rlver/optim';
import { createRng, hashSeed, InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';
import { addInPlace } from './add-in-place';
import { linear, matMul } from './mat-mul';
import type { TransformerConfig } from './model-config';
import type { LayerWeights } from './transformer-weights';

export const loraTargetSchema = z.enum(['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj']);
export type LoraTarget = z.infer<typeof loraTargetSchema>;

/** LoRA settings (PEFT names in comments). */
export const loraConfigSchema = z
  .object({
    /** Adapter rank r (default 8). */
    rank: z.number().int().positive().default(8),
    /** Scale numerator: the update is `(alpha / rank) · B·A` (PEFT `lora_alpha`, default 16). */
    alpha: z.number().positive().default(16),
    /** Rank-stabilised LoRA: the update is `(alpha / √rank) · B·A` instead (PEFT `use_rslora`, default false). */
    useRslora: z.boolean().default(false),
    /** Projections that get adapters (PEFT `target_modules`, default q_proj and v_proj). */
    targetModules: z.array(loraTargetSchema).min(1).default(['q_proj', 'v_proj']),
    /** Seed of A's initialisation (B starts at zero, so the model is unchanged at first). */
    seed: z.number().int().default(0),
  })
  .strict();
export type LoraConfigInput = z.input<typeof loraConfigSchema>;
export type LoraConfig = z.output<typeof loraConfigSchema>;

/** One adapter: `W_eff = W + scale · B·A` with A `[r, in]`, B `[out, r]` (PEFT layout). */
export interface LoraAdapter {
  a: tf.Variable;
  b: tf.Variable;
}

export interface LoraState {
  readonly config: LoraConfig;
  readonly scale: number;
  /** Per layer, per target. */
  readonly adapters: Array<Partial<Record<LoraTarget, LoraAdapter>>>;
  /** Base weights saved by `mergeLora`, restored exactly by `unmergeLora`. */
  mergedBase: Map<tf.Variable, tf.Tensor> | undefined;
}

/** `[out, in]` of each projection. */
export function projectionShape(target: LoraTarget, config: TransformerConfig): [number, number] {
  const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim } = config;
  const dq = numAttentionHeads * headDim;
  const dkv = numKeyValueHeads * headDim;
  const shapes: Record<LoraTarget, [number, number]> = {
    q_proj: [dq, h],
    k_proj: [dkv, h],
    v_proj: [dkv, h],
    o_proj: [h, dq],
    gate_proj: [inter, h],
    up_proj: [inter, h],
    down_proj: [h, inter],
  };
  return shapes[target];
}

/** Create adapters (A seeded uniform ±1/√in as PEFT's Kaiming init, B zero) for every layer and target. */
export function createLoraState(input: LoraConfigInput, config: TransformerConfig): LoraState {
  const parsed = loraConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidConfigError({ message: `LoRA config: ${parsed.error.message}`, cause: parsed.error });
  }
  const lora = parsed.data;
  const adapters = Array.from({ length: config.numHiddenLayers }, (_, layer) => {
    const perLayer: Partial<Record<LoraTarget, LoraAdapter>> = {};
    for (const target of new Set(lora.targetModules)) {
      const [out, inSize] = projectionShape(target, config);
      const rng = createRng(hashSeed(lora.seed, layer, target));
      const bound = 1 / Math.sqrt(inSize);
      const data = Float32Array.from({ length: lora.rank * inSize }, () => (rng.next() * 2 - 1) * bound);
      perLayer[target] = {
        a: variableFrom(tf.tensor2d(data, [lora.rank, inSize]), true),
        b: variableFrom(tf.zeros([out, lora.rank]), true),
      };
    }
    return perLayer;
  });
  const scale = lora.useRslora ? lora.alpha / Math.sqrt(lora.rank) : lora.alpha / lora.rank;
  return { config: lora, scale, adapters, mergedBase: undefined };
}

export function loraVariables(state: LoraState): tf.Variable[] {
  return state.adapters.flatMap((perLayer) => Object.values(perLayer).flatMap((adapter) => [adapter.a, adapter.b]));
}

/** The adapters' variables of layer `index` (A and B of each adapted projection). */
export function adapterVariables(state: LoraState, index: number): tf.Variable[] {
  return Object.values(state.adapters[index] ?? {}).flatMap((adapter) => [adapter.a, adapter.b]);
}

function delta(adapter: LoraAdapter | undefined, scale: number, shape: [number, number]): tf.Tensor2D {
  if (!adapter) return tf.zeros(shape);
  return tf.mul(matMul(adapter.b, adapter.a), scale) as tf.Tensor2D;
}

/** Weight matrices of a layer as the forward pass uses them, adapters folded in (call inside `tf.tidy`). */
export interface EffectiveLayerWeights {
  qkvWeight: tf.Tensor2D;
  oWeight: tf.Tensor2D;
  gateUpWeight: tf.Tensor2D;
  downWeight: tf.Tensor2D;
}

/**
 * `W + scale · B·A` for every adapted projection of layer `index` (fused q/k/v and gate/up matrices
 * get a row-stacked update with zero blocks for projections without an adapter). Without LoRA, or while
 * merged, the variables themselves. Used to merge; the forward pass uses `layerProjections`.
 */
export function effectiveLayerWeights(
  layer: LayerWeights,
  index: number,
  state: LoraState | undefined,
  config: TransformerConfig,
): EffectiveLayerWeights {
  const base: EffectiveLayerWeights = {
    qkvWeight: layer.qkvWeight as tf.Tensor2D,
    oWeight: layer.oWeight as tf.Tensor2D,
    gateUpWeight: layer.gateUpWeight as tf.Tensor2D,
    downWeight: layer.downWeight as tf.Tensor2D,
  };
  const deltas = layerDeltas(index, state, config);
  const plus = (slot: keyof EffectiveLayerWeights) => {
    const update = deltas[slot];
    return update ? (tf.add(base[slot], update) as tf.Tensor2D) : base[slot];
  };
  return {
    qkvWeight: plus('qkvWeight'),
    oWeight: plus('oWeight'),
    gateUpWeight: plus('gateUpWeight'),
    downWeight: plus('downWeight'),
  };
}

/**
 * `scale · B·A` for every adapted matrix of layer `index` (`layerDelta` of each), absent for matrices without an
 * adapter, and for all without LoRA or while merged (call inside `tf.tidy`).
 */
export function layerDeltas(
  index: number,
  state: LoraState | undefined,
  config: TransformerConfig,
): Partial<EffectiveLayerWeights> {
  const deltas: Partial<EffectiveLayerWeights> = {};
  for (const slot of ['qkvWeight', 'oWeight', 'gateUpWeight', 'downWeight'] as const) {
    const update = layerDelta(index, state, config, slot);
    if (update) deltas[slot] = update;
  }
  return deltas;
}

/** The projections each layer matrix holds, in row order. */
const SLOT_TARGETS: Record<keyof EffectiveLayerWeights, LoraTarget[]> = {
  qkvWeight: ['q_proj', 'k_proj', 'v_proj'],
  oWeight: ['o_proj'],
  gateUpWeight: ['gate_proj', 'up_proj'],
  downWeight: ['down_proj'],
};

/**
 * `scale · B·A` of one matrix of layer `index`: the fused q/k/v and gate/up matrices get their projections'
 * updates row-stacked, with zero blocks for projections without an adapter. Undefined when none of its projections
 * has an adapter, without LoRA, or while merged (call inside `tf.tidy`).
 */
export function layerDelta(
  index: number,
  state: LoraState | undefined,
  config: TransformerConfig,
  slot: keyof EffectiveLayerWeights,
): tf.Tensor2D | undefined {
  const adapters = state?.adapters[index];
  if (!state || !adapters || state.mergedBase) return undefined;
  const targets = SLOT_TARGETS[slot];
  if (!targets.some((target) => adapters[target])) return undefined;
  if (targets.length === 1) return delta(adapters[targets[0] as LoraTarget], state.scale, [0, 0]);
  return tf.concat(
    targets.map((target) => delta(adapters[target], state.scale, projectionShape(target, config))),
    0,
  );
}

/** The projections of one decoder layer, as functions of their input `[rows, in]` → `[rows, out]` (inside `tf.tidy`). */
export interface LayerProjections {
  /** Fused q/k/v rows, bias included. */
  qkv(x: tf.Tensor2D): tf.Tensor2D;
  o(x: tf.Tensor2D): tf.Tensor2D;
  /** Fused gate/up rows. */
  gateUp(x: tf.Tensor2D): tf.Tensor2D;
  down(x: tf.Tensor2D): tf.Tensor2D;
}

/**
 * `x·Wᵀ (+ b)` for every projection of layer `index`, plus `scale·(x·Aᵀ)·Bᵀ` for each adapted one (zero columns
 * for the parts of a fused matrix without an adapter). The dense update `W + scale·B·A` is never formed: under
 * autodiff it was a full float32 copy of every adapted matrix kept for the backward pass, with `B·A` beside it
 * (about twice the layers' weights, which is what stopped the 1.5B LoRA update at 9 GiB). The adapter path costs
 * `2·rows·r·(in + out)` multiply-adds against the dense path's `r·in·out`. Without LoRA, or while merged, the base
 * weights alone.
 */
export function layerProjections(
  layer: LayerWeights,
  index: number,
  state: LoraState | undefined,
  config: TransformerConfig,
): LayerProjections {
  const adapters = state && !state.mergedBase ? state.adapters[index] : undefined;
  const project =
    (weight: tf.Variable, bias: tf.Variable | undefined, targets: LoraTarget[]) =>
    (x: tf.Tensor2D): tf.Tensor2D => {
      const base = linear(x, weight as tf.Tensor as tf.Tensor2D, bias);
      if (!state || !adapters || !targets.some((target) => adapters[target])) return base;
      const rows = x.shape[0];
      const parts = targets.map((target) => {
        const adapter = adapters[target];
        if (!adapter) return tf.zeros([rows, projectionShape(target, config)[0]]);
        const low = linear(x, adapter.a as tf.Tensor as tf.Tensor2D);
        return tf.mul(linear(low, adapter.b as tf.Tensor as tf.Tensor2D), state.scale);
      });
      return tf.add(base, parts.length === 1 ? (parts[0] as tf.Tensor) : tf.concat(parts, 1)) as tf.Tensor2D;
    };
  return {
    qkv: project(layer.qkvWeight, layer.qkvBias, ['q_proj', 'k_proj', 'v_proj']),
    o: project(layer.oWeight, layer.oBias, ['o_proj']),
    gateUp: project(layer.gateUpWeight, undefined, ['gate_proj', 'up_proj']),
    down: project(layer.downWeight, undefined, ['down_proj']),
  };
}

/**
 * Fold the adapters into the base weights, keeping an exact copy of the base for `unmergeLora`; with
 * `keepBase: false` (merge and unload) no copy is kept and the adapters must be dropped right after.
 */
export function mergeLora(
  layers: LayerWeights[],
  state: LoraState,
  config: TransformerConfig,
  options: { keepBase?: boolean } = {},
): void {
  if (state.mergedBase) return;
  // keepBase: false (merge-and-unload) folds in place, one matrix at a time, without a copy of every base matrix:
  // on native TensorFlow the update is added into the matrix's own buffer (`addInPlace`), elsewhere the merged
  // matrix replaces it. The peak is the weights plus one matrix's update, not twice the adapted weights.
  const keepBase = options.keepBase ?? true;
  const saved = new Map<tf.Variable, tf.Tensor>();
  const slots = ['qkvWeight', 'oWeight', 'gateUpWeight', 'downWeight'] as const;
  layers.forEach((layer, index) => {
    for (const slot of slots) {
      const variable = layer[slot];
      const update = tf.tidy(() => layerDelta(index, state, config, slot));
      if (!update) continue;
      if (keepBase) saved.set(variable, tf.clone(variable));
      if (keepBase || !addInPlace(variable, update)) {
        const merged = tf.add(variable, update);
        variable.assign(merged);
        merged.dispose();
      }
      update.dispose();
    }
  });
  if (keepBase) state.mergedBase = saved;
}

/** Restore the exact base weights saved by `mergeLora`. */
export function unmergeLora(state: LoraState): void {
  if (!state.mergedBase) return;
  for (const [variable, base] of state.mergedBase) {
    variable.assign(base);
    base.dispose();
  }
  state.mergedBase = undefined;
}

export function disposeLoraState(state: LoraState): void {
  unmergeLora(state);
  for (const variable of loraVariables(state)) variable.dispose();
}
