import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';
import { type ModelType, type RopeScaling, resolveTransformerConfig, type TransformerConfig } from './model-config';

/** The `model_type` values this engine computes exactly (logits checked against transformers). */
export const SUPPORTED_MODEL_TYPES: readonly ModelType[] = ['llama', 'qwen2', 'qwen3'];
const SUPPORTED_ROPE_TYPES = ['default', 'llama3'] as const;

/**
 * What `config.json` means when a field is absent: the defaults of transformers' `LlamaConfig`,
 * `Qwen2Config` and `Qwen3Config` (transformers 5.18, `models/<type>/configuration_<type>.py`). `null` for
 * `num_key_value_heads` / `head_dim` means "derive it" (all heads; hidden / heads).
 */
const HF_DEFAULTS = {
  llama: {
    vocab_size: 32_000,
    hidden_size: 4096,
    intermediate_size: 11_008,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: null,
    head_dim: null,
    max_position_embeddings: 2048,
    rms_norm_eps: 1e-6,
    tie_word_embeddings: false,
    attention_bias: false,
    bos_token_id: 1,
    eos_token_id: 2,
  },
  qwen2: {
    vocab_size: 151_936,
    hidden_size: 4096,
    intermediate_size: 22_016,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 32,
    head_dim: null,
    max_position_embeddings: 32_768,
    rms_norm_eps: 1e-6,
    tie_word_embeddings: false,
    attention_bias: true, // not a Qwen2Config field: q/k/v always have a bias, o_proj never
    bos_token_id: null,
    eos_token_id: null,
  },
  qwen3: {
    vocab_size: 151_936,
    hidden_size: 4096,
    intermediate_size: 22_016,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 32,
    head_dim: 128,
    max_position_embeddings: 32_768,
    rms_norm_eps: 1e-6,
    tie_word_embeddings: false,
    attention_bias: false,
    bos_token_id: null,
    eos_token_id: null,
  },
} as const satisfies Record<ModelType, Record<string, number | boolean | null>>;

/** transformers' `RotaryEmbeddingConfigMixin.default_theta`. */
const DEFAULT_ROPE_THETA = 10_000;

const positiveInt = z.number().int().positive();
const tokenIds = z.union([z.number().int().nonnegative(), z.array(z.number().int().nonnegative())]).nullish();

/** The fields of a Hugging Face `config.json` this package reads; the others are checked by `refuseUnsupported`. */
const hfModelConfigSchema = z.looseObject({
  model_type: z.string(),
  vocab_size: positiveInt.optional(),
  hidden_size: positiveInt.optional(),
  intermediate_size: positiveInt.optional(),
  num_hidden_layers: positiveInt.optional(),
  num_attention_heads: positiveInt.optional(),
  num_key_value_heads: positiveInt.nullish(),
  head_dim: positiveInt.nullish(),
  max_position_embeddings: positiveInt.optional(),
  rms_norm_eps: z.number().positive().optional(),
  tie_word_embeddings: z.boolean().optional(),
  attention_bias: z.boolean().optional(),
  rope_theta: z.number().positive().nullish(),
  bos_token_id: tokenIds,
  eos_token_id: tokenIds,
  pad_token_id: tokenIds,
  /** This project's copy head (not a Hugging Face field): `{"key_dim": N}`; absent or null: none. */
  rlver_copy_head: z.object({ key_dim: positiveInt }).strict().nullish(),
});
type HFModelConfig = z.infer<typeof hfModelConfigSchema>;

/** Thrown for a config.json field whose value this engine would compute wrongly. */
function refuse(source: string, field: string, value: unknown, supported: string): never {
  throw new InvalidConfigError({
    field,
    message: `${source}: field "${field}" is ${JSON.stringify(value)}; ${supported}. The checkpoint is refused rather than loaded with wrong logits.`,
  });
}

/** Sliding-window attention is in use when some layer is a sliding one and the window is set (transformers' rule). */
function refuseSlidingWindow(hf: HFModelConfig, layers: number, source: string): void {
  const layerTypes = hf.layer_types;
  if (layerTypes !== undefined && layerTypes !== null) {
    if (!Array.isArray(layerTypes)) refuse(source, 'layer_types', layerTypes, 'it must be a list of layer types');
    const other = layerTypes.find((type) => type !== 'full_attention' && type !== 'sliding_attention');
    if (other !== undefined) refuse(source, 'layer_types', other, 'only "full_attention" layers are supported');
  }
  const windowSet = hf.use_sliding_window === true && hf.sliding_window !== null;
  if (!windowSet) return;
  const maxWindowLayers = typeof hf.max_window_layers === 'number' ? hf.max_window_layers : 28;
  const sliding = Array.isArray(layerTypes) ? layerTypes.includes('sliding_attention') : layers > maxWindowLayers;
  if (sliding) {
    refuse(
      source,
      'use_sliding_window',
      true,
      `sliding-window attention (window ${JSON.stringify(hf.sliding_window ?? 4096)} on layers from max_window_layers ${maxWindowLayers}) is not supported, only full attention; turning it off is exact only for sequences within the window`,
    );
  }
}

/** Rotary settings: transformers 5 `rope_parameters`, or the 4.x spelling `rope_theta` + `rope_scaling` (which wins). */
function readRope(
  hf: HFModelConfig,
  maxPositionEmbeddings: number,
  source: string,
): { ropeTheta: number; ropeScaling: RopeScaling | null } {
  const legacy = hf.rope_scaling;
  const field = legacy !== undefined && legacy !== null && legacy !== false ? 'rope_scaling' : 'rope_parameters';
  const raw = field === 'rope_scaling' ? legacy : hf.rope_parameters;
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    refuse(source, field, raw, 'it must be an object such as {"rope_type": "default", "rope_theta": 10000}');
  }
  const parameters = (raw ?? {}) as Record<string, unknown>;
  const theta = parameters.rope_theta ?? hf.rope_theta ?? DEFAULT_ROPE_THETA;
  if (typeof theta !== 'number' || !(theta > 0)) refuse(source, `${field}.rope_theta`, theta, 'it must be > 0');
  const type = parameters.rope_type ?? parameters.type ?? 'default';
  if (!SUPPORTED_ROPE_TYPES.includes(type as (typeof SUPPORTED_ROPE_TYPES)[number])) {
    refuse(source, `${field}.rope_type`, type, `supported rope types: ${SUPPORTED_ROPE_TYPES.join(', ')}`);
  }
  const partial = parameters.partial_rotary_factor ?? hf.partial_rotary_factor;
  if (partial !== undefined && partial !== null && partial !== 1) {
    refuse(source, 'partial_rotary_factor', partial, 'only full rotary embeddings (1.0) are supported');
  }
  if (type === 'default') return { ropeTheta: theta, ropeScaling: null };
  const number = (key: string, fallback?: number): number => {
    const value = parameters[key] ?? fallback;
    if (typeof value !== 'number' || !(value > 0)) {
      refuse(source, `${field}.${key}`, value ?? null, 'llama3 rope scaling needs a positive number here');
    }
    return value;
  };
  const ropeScaling: RopeScaling = {
    ropeType: 'llama3',
    factor: number('factor'),
    lowFreqFactor: number('low_freq_factor'),
    highFreqFactor: number('high_freq_factor'),
    originalMaxPositionEmbeddings: number('original_max_position_embeddings', maxPositionEmbeddings),
  };
  if (ropeScaling.highFreqFactor <= ropeScaling.lowFreqFactor) {
    refuse(source, `${field}.high_freq_factor`, ropeScaling.highFreqFactor, 'it must exceed low_freq_factor');
  }
  return { ropeTheta: theta, ropeScaling };
}

/** Fields whose non-default values change the computation in ways this engine does not implement. */
function refuseUnsupported(hf: HFModelConfig, layers: number, source: string): void {
  const activation = hf.hidden_act ?? 'silu';
  if (activation !== 'silu') refuse(source, 'hidden_act', activation, 'only "silu" (SwiGLU) is supported');
  if (hf.mlp_bias === true) refuse(source, 'mlp_bias', true, 'MLP biases are not supported (mlp_bias false)');
  if (hf.quantization_config !== undefined && hf.quantization_config !== null) {
    refuse(
      source,
      'quantization_config',
      hf.quantization_config,
      'quantised weights are not supported; use F32/F16/BF16',
    );
  }
  if (hf.model_type !== 'llama') refuseSlidingWindow(hf, layers, source);
}

const tokenList = (value: number | number[] | null | undefined): number[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

/**
 * Read a Hugging Face `config.json` (parsed JSON) of a Llama, Qwen2 or Qwen3 model, applying the defaults
 * of that model type's transformers config class to absent fields. Anything else (another model type,
 * activation, rope type, sliding window in use, MLP bias, quantisation) throws `InvalidConfigError` naming
 * `source`, the field, its value and what is supported.
 */
export function modelConfigFromHF(json: unknown, source = 'config.json'): TransformerConfig {
  const parsed = hfModelConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const field = issue.path.join('.');
      const detail =
        field === 'model_type' ? `missing; set it to one of ${SUPPORTED_MODEL_TYPES.join(', ')}` : issue.message;
      return `${source}: field "${field}": ${detail}`;
    });
    throw new InvalidConfigError({ message: issues.join('; '), cause: parsed.error });
  }
  const hf = parsed.data;
  if (!SUPPORTED_MODEL_TYPES.includes(hf.model_type as ModelType)) {
    refuse(
      source,
      'model_type',
      hf.model_type,
      `supported model types: ${SUPPORTED_MODEL_TYPES.join(', ')} (Llama 1/2/3.x, Qwen2/2.5, Qwen3)`,
    );
  }
  const modelType = hf.model_type as ModelType;
  const defaults = HF_DEFAULTS[modelType];
  const layers = hf.num_hidden_layers ?? defaults.num_hidden_layers;
  refuseUnsupported(hf, layers, source);
  const heads = hf.num_attention_heads ?? defaults.num_attention_heads;
  const hiddenSize = hf.hidden_size ?? defaults.hidden_size;
  const maxPositionEmbeddings = hf.max_position_embeddings ?? defaults.max_position_embeddings;
  const rope = readRope(hf, maxPositionEmbeddings, source);
  // An explicit null means "derive it"; an absent field takes the class default (which may itself be null).
  const keyValueHeads = hf.num_key_value_heads === undefined ? defaults.num_key_value_heads : hf.num_key_value_heads;
  const headDim = hf.head_dim ?? defaults.head_dim ?? Math.floor(hiddenSize / heads);
  const attentionBias = modelType === 'qwen2' ? true : (hf.attention_bias ?? defaults.attention_bias);
  return resolveTransformerConfig(
    {
      modelType,
      vocabSize: hf.vocab_size ?? defaults.vocab_size,
      hiddenSize,
      intermediateSize: hf.intermediate_size ?? defaults.intermediate_size,
      numHiddenLayers: layers,
      numAttentionHeads: heads,
      numKeyValueHeads: keyValueHeads ?? heads,
      headDim,
      maxPositionEmbeddings,
      ropeTheta: rope.ropeTheta,
      ropeScaling: rope.ropeScaling,
      rmsNormEps: hf.rms_norm_eps ?? defaults.rms_norm_eps,
      tieWordEmbeddings: hf.tie_word_embeddings ?? defaults.tie_word_embeddings,
      attentionBias,
      attentionOutputBias: modelType === 'qwen2' ? false : attentionBias,
      bosTokenId: tokenList(hf.bos_token_id === undefined ? defaults.bos_token_id : hf.bos_token_id)[0],
      eosTokenIds: tokenList(hf.eos_token_id === undefined ? defaults.eos_token_id : hf.eos_token_id),
      padTokenId: tokenList(hf.pad_token_id)[0],
      copyHead: hf.rlver_copy_head ? { keyDim: hf.rlver_copy_head.key_dim } : null,
    },
    source,
  );
}

const ARCHITECTURES: Record<ModelType, string> = {
  llama: 'LlamaForCausalLM',
  qwen2: 'Qwen2ForCausalLM',
  qwen3: 'Qwen3ForCausalLM',
};

/**
 * Hugging Face `config.json` content for a config (written by `saveCheckpoint`). A model with a copy head gets
 * `rlver_copy_head` and `rlver_copy_head.*` tensors: transformers would load it as its stock class, ignore the
 * copy head and compute different probabilities, so such a checkpoint is not a stock HF model. Rotary settings use the
 * transformers 4.x spelling (`rope_theta`, `rope_scaling`), which transformers 5 still reads.
 */
export function modelConfigToHF(config: TransformerConfig, dtype = 'float32'): Record<string, unknown> {
  const scaling = config.ropeScaling;
  return {
    architectures: [ARCHITECTURES[config.modelType]],
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
    rope_scaling: scaling
      ? {
          rope_type: scaling.ropeType,
          factor: scaling.factor,
          low_freq_factor: scaling.lowFreqFactor,
          high_freq_factor: scaling.highFreqFactor,
          original_max_position_embeddings: scaling.originalMaxPositionEmbeddings,
        }
      : null,
    rms_norm_eps: config.rmsNormEps,
    tie_word_embeddings: config.tieWordEmbeddings,
    hidden_act: 'silu',
    ...(config.modelType === 'qwen2' ? { use_sliding_window: false } : { attention_bias: config.attentionBias }),
    ...(config.modelType === 'qwen3' ? { use_sliding_window: false } : {}),
    bos_token_id: config.bosTokenId ?? null,
    eos_token_id: config.eosTokenIds.length === 1 ? config.eosTokenIds[0] : [...config.eosTokenIds],
    pad_token_id: config.padTokenId ?? null,
    torch_dtype: dtype,
    // Written only when present: a checkpoint without it is a stock HF model, byte for byte as before.
    ...(config.copyHead ? { rlver_copy_head: { key_dim: config.copyHead.keyDim } } : {}),
  };
}
