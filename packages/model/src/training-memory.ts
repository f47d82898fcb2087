import { InvalidConfigError } from '@rlver/spec';
import { type AttentionPass, attentionPassBytes, backendMemoryBytes } from './attention-budget';
import { type LoraTarget, projectionShape } from './lora';
import { resolveTransformerConfig, type TransformerConfig, type TransformerConfigInput } from './model-config';

/** What a LoRA run adds: rank and the adapted projections. */
export interface LoraShape {
  rank: number;
  targetModules: readonly LoraTarget[];
}

/** Bytes a training run holds at its peak, by part (float32 throughout: the engine computes and trains in f32). */
export interface TrainingMemoryEstimate {
  parameters: number;
  trainableParameters: number;
  /** The model's weights (f32, as loaded into tfjs). */
  weightBytes: number;
  /** Gradients of the trainable variables (f32). */
  gradientBytes: number;
  /** AdamW's two moments per trainable variable (f32). */
  optimizerBytes: number;
  /** A frozen reference copy for a KL term (0 without one). */
  referenceBytes: number;
  /** The largest attention pass (scores + probabilities), the peak activation. */
  attentionBytes: number;
  totalBytes: number;
}

/** Parameters of a model shape (embedding, layers, final norm, untied head), without a value head. */
export function parameterCountOf(config: TransformerConfig): number {
  const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim, vocabSize } = config;
  const dq = numAttentionHeads * headDim;
  const dkv = numKeyValueHeads * headDim;
  const attention = dq * h + 2 * dkv * h + h * dq + (config.attentionBias ? dq + 2 * dkv : 0);
  const outputBias = config.attentionOutputBias ? h : 0;
  const queryKeyNorm = config.queryKeyNorm ? 2 * headDim : 0;
  const layer = attention + outputBias + queryKeyNorm + 3 * h * inter + 2 * h;
  return vocabSize * h + config.numHiddenLayers * layer + h + (config.tieWordEmbeddings ? 0 : vocabSize * h);
}

/** Parameters of the LoRA adapters (A `[r, in]` + B `[out, r]` per adapted projection and layer). */
export function loraParameterCount(config: TransformerConfig, lora: LoraShape): number {
  const perLayer = [...new Set(lora.targetModules)].reduce((sum, target) => {
    const [out, inSize] = projectionShape(target, config);
    return sum + lora.rank * (inSize + out);
  }, 0);
  return config.numHiddenLayers * perLayer;
}

/**
 * Peak memory of a training step from the model's shape: f32 weights, gradients and AdamW moments of what trains
 * (everything, or the adapters and the value head under LoRA), a frozen reference copy when a KL term needs one,
 * and the largest attention pass. A lower bound: other activations and the tfjs allocator come on top.
 */
export function estimateTrainingMemory(options: {
  config: TransformerConfig;
  lora?: LoraShape | null;
  valueHead?: boolean;
  referenceCopy?: boolean;
  passes?: readonly AttentionPass[];
}): TrainingMemoryEstimate {
  const { config } = options;
  const valueHead = options.valueHead ? config.hiddenSize + 1 : 0;
  const parameters = parameterCountOf(config) + valueHead;
  const adapters = options.lora ? loraParameterCount(config, options.lora) : 0;
  const trainableParameters = options.lora ? adapters + valueHead : parameters;
  const weightBytes = 4 * (parameters + adapters);
  const gradientBytes = 4 * trainableParameters;
  const optimizerBytes = 8 * trainableParameters;
  const referenceBytes = options.referenceCopy ? 4 * parameterCountOf(config) : 0;
  const attentionBytes = Math.max(0, ...(options.passes ?? []).map((pass) => attentionPassBytes(config, pass)));
  return {
    parameters,
    trainableParameters,
    weightBytes,
    gradientBytes,
    optimizerBytes,
    referenceBytes,
    attentionBytes,
    totalBytes: weightBytes + gradientBytes + optimizerBytes + referenceBytes + attentionBytes,
  };
}

const GIB = 1024 ** 3;
/** Bytes as GiB with one decimal (two below 0.1 GiB). */
export const formatGiB = (bytes: number): string => `${(bytes / GIB).toFixed(bytes < 0.1 * GIB ? 2 : 1)} GiB`;

/**
 * Refuse, before anything loads into the step, a run whose estimated peak exceeds the backend's memory (the wasm
 * heap is 4 GiB whatever the machine has). The message names the parts, the backend, and what to change.
 */
export function checkTrainingMemory(options: {
  estimate: TrainingMemoryEstimate;
  backend: string;
  /** Memory available to tensors (default: `backendMemoryBytes(backend)`). */
  limitBytes?: number;
  /** Whether LoRA is on (the advice differs). */
  lora: boolean;
}): void {
  const { estimate } = options;
  const limit = options.limitBytes ?? backendMemoryBytes(options.backend);
  if (estimate.totalBytes <= limit) return;
  const parts = [
    `weights ${formatGiB(estimate.weightBytes)}`,
    `gradients ${formatGiB(estimate.gradientBytes)}`,
    `AdamW moments ${formatGiB(estimate.optimizerBytes)}`,
    ...(estimate.referenceBytes > 0 ? [`KL reference copy ${formatGiB(estimate.referenceBytes)}`] : []),
    `largest attention pass ${formatGiB(estimate.attentionBytes)}`,
  ].join(' + ');
  const advice = options.lora
    ? 'Lower maxContextTokens or the micro-batch, or run on a backend with more memory'
    : 'Train LoRA adapters instead (lora: {rank: 16} or --lora.rank 16: gradients and moments only for the adapters), lower maxContextTokens, or run on a backend with more memory';
  throw new InvalidConfigError({
    field: options.lora ? 'maxContextTokens' : 'lora',
    message: `this run needs about ${formatGiB(estimate.totalBytes)} (${parts}; ${(estimate.parameters / 1e9).toFixed(2)} B parameters, ${estimate.trainableParameters.toLocaleString('en')} trainable), more than the ${formatGiB(limit)} the ${options.backend} backend has. ${advice} (the wasm heap is 4 GiB whatever the machine has; native TensorFlow uses the machine's memory: pnpm setup:native).`,
  });
}

/** Published shapes of the model sizes the hardware guidance covers (Qwen2.5 Instruct config.json values). */
export const GUIDANCE_MODELS: ReadonlyArray<{ name: string; config: TransformerConfigInput }> = [
  {
    name: 'Qwen2.5-0.5B',
    config: {
      modelType: 'qwen2',
      vocabSize: 151_936,
      hiddenSize: 896,
      intermediateSize: 4864,
      numHiddenLayers: 24,
      numAttentionHeads: 14,
      numKeyValueHeads: 2,
      tieWordEmbeddings: true,
    },
  },
  {
    name: 'Qwen2.5-1.5B',
    config: {
      modelType: 'qwen2',
      vocabSize: 151_936,
      hiddenSize: 1536,
      intermediateSize: 8960,
      numHiddenLayers: 28,
      numAttentionHeads: 12,
      numKeyValueHeads: 2,
      tieWordEmbeddings: true,
    },
  },
  {
    name: 'Qwen2.5-7B',
    config: {
      modelType: 'qwen2',
      vocabSize: 152_064,
      hiddenSize: 3584,
      intermediateSize: 18_944,
      numHiddenLayers: 28,
      numAttentionHeads: 28,
      numKeyValueHeads: 4,
      tieWordEmbeddings: false,
    },
  },
];

/** One row of the hardware guidance: a model size, full or LoRA, the memory it needs and where it fits. */
export interface GuidanceRow {
  model: string;
  mode: 'full' | 'lora';
  parameters: number;
  trainableParameters: number;
  totalBytes: number;
  /** Whether it fits the wasm heap (4 GiB). */
  fitsWasm: boolean;
}

/**
 * Memory of a training step for the guidance sizes, full and LoRA, with the given attention passes (e.g. a run's
 * `maxContextTokens` and micro-batch). Step times are not computed here: they depend on the machine.
 */
export function hardwareGuidance(options: {
  passes: readonly AttentionPass[];
  lora: LoraShape;
  valueHead?: boolean;
}): GuidanceRow[] {
  return GUIDANCE_MODELS.flatMap(({ name, config: input }) => {
    const config = resolveTransformerConfig(input);
    return (['full', 'lora'] as const).map((mode) => {
      const estimate = estimateTrainingMemory({
        config,
        lora: mode === 'lora' ? options.lora : null,
        valueHead: options.valueHead,
        passes: options.passes,
      });
      return {
        model: name,
        mode,
        parameters: estimate.parameters,
        trainableParameters: estimate.trainableParameters,
        totalBytes: estimate.totalBytes,
        fitsWasm: estimate.totalBytes <= 4 * GIB,
      };
    });
  });
}
