import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

const positiveInt = z.number().int().positive();

/** Model families computed exactly: Llama 1/2/3.x, Qwen2/2.5 and Qwen3 (q/k RMSNorm per head). */
export const modelTypeSchema = z.enum(['llama', 'qwen2', 'qwen3']);
export type ModelType = z.infer<typeof modelTypeSchema>;

/** Llama 3.1 rotary scaling (HF `rope_type: "llama3"`): low frequencies divided by `factor`, a smooth band between. */
export const ropeScalingSchema = z
  .object({
    ropeType: z.literal('llama3'),
    /** Divisor of the low frequencies (Llama 3.1: 8). */
    factor: z.number().positive(),
    /** Wavelengths above originalMaxPositionEmbeddings / lowFreqFactor are divided by `factor` (Llama 3.1: 1). */
    lowFreqFactor: z.number().positive(),
    /** Wavelengths below originalMaxPositionEmbeddings / highFreqFactor are kept (Llama 3.1: 4). */
    highFreqFactor: z.number().positive(),
    /** Context length of pretraining (Llama 3.1: 8192). */
    originalMaxPositionEmbeddings: z.number().positive(),
  })
  .strict();
export type RopeScaling = z.infer<typeof ropeScalingSchema>;

/**
 * Shape of a decoder-only transformer of the Llama / Qwen2 / Qwen3 family (camelCase;
 * `modelConfigFromHF` in hf-model-config.ts reads a Hugging Face `config.json`). Defaults follow Qwen2.
 */
export const transformerConfigSchema = z
  .object({
    /** HF `model_type`: `qwen2` (QKV bias), `llama` or `qwen3` (q/k norm) (default `qwen2`). */
    modelType: modelTypeSchema.default('qwen2'),
    vocabSize: positiveInt,
    hiddenSize: positiveInt,
    /** Width of the SwiGLU MLP. */
    intermediateSize: positiveInt,
    numHiddenLayers: positiveInt,
    numAttentionHeads: positiveInt,
    /** Grouped-query attention: key/value heads, a divisor of `numAttentionHeads` (default: all). */
    numKeyValueHeads: positiveInt.optional(),
    /** Per-head width (default hiddenSize / numAttentionHeads); must be even (rotary embeddings). */
    headDim: positiveInt.optional(),
    /** Longest sequence the model was trained for (informative; positions beyond still work). */
    maxPositionEmbeddings: positiveInt.default(32_768),
    /** Rotary base θ (default 1e6, Qwen2). */
    ropeTheta: z.number().positive().default(1_000_000),
    /** Rotary scaling (Llama 3.1 `llama3`), or null for plain rotary embeddings (default null). */
    ropeScaling: ropeScalingSchema.nullable().default(null),
    rmsNormEps: z.number().positive().default(1e-6),
    /** Output projection shares the token embedding (default true). */
    tieWordEmbeddings: z.boolean().default(true),
    /** Bias on q/k/v projections. Qwen2: always true; Llama / Qwen3 `attention_bias` (default false). */
    attentionBias: z.boolean().optional(),
    /** Bias on o_proj: Qwen2 never; Llama / Qwen3 follow `attentionBias` (HF has one flag for all four). */
    attentionOutputBias: z.boolean().optional(),
    /** Qwen3's per-head q/k RMSNorm; derived from `modelType` (true exactly for qwen3), so normally left out. */
    queryKeyNorm: z.boolean().optional(),
    bosTokenId: z.number().int().nonnegative().optional(),
    /** End-of-sequence ids (generation stops on any of them). */
    eosTokenIds: z.array(z.number().int().nonnegative()).default([]),
    padTokenId: z.number().int().nonnegative().optional(),
    /**
     * Optional copy (pointer-generator) head on the final hidden states (copy-head.ts): `{ keyDim }` width of its
     * query/key projections, or null for none (default null: the stock architecture, computed exactly as before).
     * HF config.json: `rlver_copy_head: {"key_dim": N}`; such a checkpoint is not a stock Qwen2/Llama.
     */
    copyHead: z.object({ keyDim: positiveInt }).strict().nullable().default(null),
  })
  .strict();

export type TransformerConfigInput = z.input<typeof transformerConfigSchema>;

/** Resolved model shape: every derived field filled in. */
export interface TransformerConfig {
  readonly modelType: ModelType;
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly intermediateSize: number;
  readonly numHiddenLayers: number;
  readonly numAttentionHeads: number;
  readonly numKeyValueHeads: number;
  readonly headDim: number;
  readonly maxPositionEmbeddings: number;
  readonly ropeTheta: number;
  readonly ropeScaling: RopeScaling | null;
  readonly rmsNormEps: number;
  readonly tieWordEmbeddings: boolean;
  readonly attentionBias: boolean;
  readonly attentionOutputBias: boolean;
  /** Qwen3: RMSNorm (`q_norm`, `k_norm`, width headDim) on every query and key head before RoPE. */
  readonly queryKeyNorm: boolean;
  readonly bosTokenId: number | undefined;
  readonly eosTokenIds: readonly number[];
  readonly padTokenId: number | undefined;
  /** The copy head's query/key width, or null when the model has none. */
  readonly copyHead: { readonly keyDim: number } | null;
}

function formatIssues(error: z.ZodError, source: string): string {
  return error.issues.map((issue) => `${source}: field "${issue.path.join('.')}": ${issue.message}`).join('; ');
}

/** Validate a camelCase config and fill in derived fields. Throws `InvalidConfigError` naming the field. */
export function resolveTransformerConfig(input: TransformerConfigInput, source = 'model config'): TransformerConfig {
  const parsed = transformerConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidConfigError({ message: formatIssues(parsed.error, source), cause: parsed.error });
  }
  const value = parsed.data;
  const numKeyValueHeads = value.numKeyValueHeads ?? value.numAttentionHeads;
  const headDim = value.headDim ?? value.hiddenSize / value.numAttentionHeads;
  const fail = (field: string, message: string): never => {
    throw new InvalidConfigError({ field, message: `${source}: field "${field}": ${message}` });
  };
  if (value.numAttentionHeads % numKeyValueHeads !== 0) {
    fail('numKeyValueHeads', `${numKeyValueHeads} must divide numAttentionHeads (${value.numAttentionHeads}).`);
  }
  if (!Number.isInteger(headDim)) {
    fail(
      'headDim',
      `hiddenSize ${value.hiddenSize} is not divisible by ${value.numAttentionHeads} heads; set headDim.`,
    );
  }
  if (headDim % 2 !== 0) fail('headDim', `${headDim} must be even for rotary embeddings.`);
  const tokenFields: Array<[string, Array<number | undefined>]> = [
    ['eosTokenIds', value.eosTokenIds],
    ['bosTokenId', [value.bosTokenId]],
    ['padTokenId', [value.padTokenId]],
  ];
  for (const [field, ids] of tokenFields) {
    const outside = ids.find((id) => id !== undefined && id >= value.vocabSize);
    if (outside !== undefined) fail(field, `token id ${outside} is outside the vocabulary (size ${value.vocabSize}).`);
  }
  const attentionBias = value.attentionBias ?? value.modelType === 'qwen2';
  const attentionOutputBias = value.attentionOutputBias ?? (value.modelType === 'qwen2' ? false : attentionBias);
  // Hugging Face has no way to spell other combinations: Qwen2 hard-codes them, Llama / Qwen3 share one flag.
  if (value.modelType === 'qwen2' && (!attentionBias || attentionOutputBias)) {
    fail(
      'attentionBias',
      'qwen2 always has q/k/v biases and no o_proj bias; leave attentionBias/attentionOutputBias unset.',
    );
  }
  if (value.modelType !== 'qwen2' && attentionOutputBias !== attentionBias) {
    fail(
      'attentionOutputBias',
      `${value.modelType} biases q, k, v and o together (HF attention_bias); set both to ${attentionBias}.`,
    );
  }
  const queryKeyNorm = value.modelType === 'qwen3';
  if (value.queryKeyNorm !== undefined && value.queryKeyNorm !== queryKeyNorm) {
    fail(
      'queryKeyNorm',
      `${value.queryKeyNorm} does not match modelType ${value.modelType}; leave it unset (true for qwen3 only).`,
    );
  }
  if (value.ropeScaling && value.ropeScaling.highFreqFactor <= value.ropeScaling.lowFreqFactor) {
    fail('ropeScaling.highFreqFactor', 'must exceed lowFreqFactor.');
  }
  return {
    ...value,
    numKeyValueHeads,
    headDim,
    attentionBias,
    attentionOutputBias,
    queryKeyNorm,
    bosTokenId: value.bosTokenId,
    padTokenId: value.padTokenId,
  };
}
