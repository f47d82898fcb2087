import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

const positiveInt = z.number().int().positive();

/**
 * Shape of a decoder-only transformer of the Llama / Qwen2 family (camelCase; `modelConfigFromHF` reads
 * a Hugging Face `config.json`). Defaults follow Qwen2.
 */
export const transformerConfigSchema = z
  .object({
    /** HF `model_type`: `qwen2` (QKV bias) or `llama` (default `qwen2`). */
    modelType: z.string().default('qwen2'),
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
    rmsNormEps: z.number().positive().default(1e-6),
    /** Output projection shares the token embedding (default true). */
    tieWordEmbeddings: z.boolean().default(true),
    /** Bias on q/k/v projections (Qwen2: true). Default: true for qwen2, false otherwise. */
    attentionBias: z.boolean().optional(),
    /** Bias on o_proj (Llama `attention_bias` sets both; Qwen2: false). */
    attentionOutputBias: z.boolean().default(false),
    bosTokenId: z.number().int().nonnegative().optional(),
    /** End-of-sequence ids (generation stops on any of them). */
    eosTokenIds: z.array(z.number().int().nonnegative()).default([]),
    padTokenId: z.number().int().nonnegative().optional(),
  })
  .strict();

export type TransformerConfigInput = z.input<typeof transformerConfigSchema>;

/** Resolved model shape: every derived field filled in. */
export interface TransformerConfig {
  readonly modelType: string;
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly intermediateSize: number;
  readonly numHiddenLayers: number;
  readonly numAttentionHeads: number;
  readonly numKeyValueHeads: number;
  readonly headDim: number;
  readonly maxPositionEmbeddings: number;
  readonly ropeTheta: number;
  readonly rmsNormEps: number;
  readonly tieWordEmbeddings: boolean;
  readonly attentionBias: boolean;
  readonly attentionOutputBias: boolean;
  readonly bosTokenId: number | undefined;
  readonly eosTokenIds: readonly number[];
  readonly padTokenId: number | undefined;
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
  return {
    ...value,
    numKeyValueHeads,
    headDim,
    attentionBias: value.attentionBias ?? value.modelType === 'qwen2',
    bosTokenId: value.bosTokenId,
    padTokenId: value.padTokenId,
  };
}

const tokenIdsSchema = z.union([z.number().int().nonnegative(), z.array(z.number().int().nonnegative())]).nullish();

/** The fields of a Hugging Face `config.json` this package reads; other fields are ignored. */
export const hfModelConfigSchema = z.looseObject({
  model_type: z.string().default('qwen2'),
  vocab_size: positiveInt,
  hidden_size: positiveInt,
  intermediate_size: positiveInt,
  num_hidden_layers: positiveInt,
  num_attention_heads: positiveInt,
  num_key_value_heads: positiveInt.nullish(),
  head_dim: positiveInt.nullish(),
  max_position_embeddings: positiveInt.nullish(),
  rope_theta: z.number().positive().nullish(),
  rms_norm_eps: z.number().positive().nullish(),
  tie_word_embeddings: z.boolean().nullish(),
  attention_bias: z.boolean().nullish(),
  hidden_act: z.literal('silu', { message: 'only "silu" (SwiGLU) is supported' }).nullish(),
  rope_scaling: z
    .null({ message: 'rope_scaling is not supported; use a checkpoint without rotary scaling' })
    .optional(),
  bos_token_id: tokenIdsSchema,
  eos_token_id: tokenIdsSchema,
  pad_token_id: tokenIdsSchema,
});

const firstId = (value: number | number[] | null | undefined): number | undefined =>
  Array.isArray(value) ? value[0] : (value ?? undefined);

/** Read a Hugging Face `config.json` (parsed JSON) of a Llama / Qwen2 model. `source` names the file in errors. */
export function modelConfigFromHF(json: unknown, source = 'config.json'): TransformerConfig {
  const parsed = hfModelConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidConfigError({ message: formatIssues(parsed.error, source), cause: parsed.error });
  }
  const hf = parsed.data;
  const eos = hf.eos_token_id;
  return resolveTransformerConfig(
    {
      modelType: hf.model_type,
      vocabSize: hf.vocab_size,
      hiddenSize: hf.hidden_size,
      intermediateSize: hf.intermediate_size,
      numHiddenLayers: hf.num_hidden_layers,
      numAttentionHeads: hf.num_attention_heads,
      numKeyValueHeads: hf.num_key_value_heads ?? undefined,
      headDim: hf.head_dim ?? undefined,
      maxPositionEmbeddings: hf.max_position_embeddings ?? undefined,
      ropeTheta: hf.rope_theta ?? (hf.model_type === 'llama' ? 10_000 : undefined),
      rmsNormEps: hf.rms_norm_eps ?? undefined,
      tieWordEmbeddings: hf.tie_word_embeddings ?? (hf.model_type === 'qwen2' ? false : undefined),
      attentionBias: hf.model_type === 'qwen2' ? true : (hf.attention_bias ?? false),
      attentionOutputBias: hf.model_type === 'qwen2' ? false : (hf.attention_bias ?? false),
      bosTokenId: firstId(hf.bos_token_id),
      eosTokenIds: Array.isArray(eos) ? eos : eos == null ? [] : [eos],
      padTokenId: firstId(hf.pad_token_id),
    },
    source,
  );
}

/** Hugging Face `config.json` content for a config (written by `saveCheckpoint`). */
export function modelConfigToHF(config: TransformerConfig): Record<string, unknown> {
  const isQwen2 = config.modelType === 'qwen2';
  return {
    architectures: [isQwen2 ? 'Qwen2ForCausalLM' : 'LlamaForCausalLM'],
    model_type: config.modelType,
    vocab_size: config.vocabSize,
    hidden_size: config.hiddenSize,
    intermediate_size: config.intermediateSize,
    num_hidden_layers: config.numHiddenLayers,
    num_attention_heads: config.numAttentionHeads,
    num_key_value_heads: config.numKeyValueHeads,
    head_dim: config.headDim,
    max_position_embeddings: config.maxPositionEmbeddings,
    rope_theta: config.ropeTheta,
    rms_norm_eps: config.rmsNormEps,
    tie_word_embeddings: config.tieWordEmbeddings,
    hidden_act: 'silu',
    ...(isQwen2 ? {} : { attention_bias: config.attentionBias }),
    bos_token_id: config.bosTokenId ?? null,
    eos_token_id: config.eosTokenIds.length === 1 ? config.eosTokenIds[0] : [...config.eosTokenIds],
    pad_token_id: config.padTokenId ?? null,
    torch_dtype: 'float32',
  };
}
