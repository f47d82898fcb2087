import { describe, expect, it } from 'vitest';
import { modelConfigFromHF, modelConfigToHF } from './hf-model-config';
import { resolveTransformerConfig } from './model-config';

/** Shape of Qwen2.5-0.5B-Instruct's config.json (public architecture numbers). */
const QWEN2_CONFIG = {
  architectures: ['Qwen2ForCausalLM'],
  model_type: 'qwen2',
  vocab_size: 151936,
  hidden_size: 896,
  intermediate_size: 4864,
  num_hidden_layers: 24,
  num_attention_heads: 14,
  num_key_value_heads: 2,
  max_position_embeddings: 32768,
  rope_theta: 1000000.0,
  rms_norm_eps: 1e-6,
  tie_word_embeddings: true,
  hidden_act: 'silu',
  bos_token_id: 151643,
  eos_token_id: 151645,
  sliding_window: 32768,
  use_sliding_window: false,
  torch_dtype: 'bfloat16',
};

describe('modelConfigFromHF', () => {
  it('should read a Qwen2 config.json: GQA, QKV bias, tied embeddings, derived head size', () => {
    const config = modelConfigFromHF(QWEN2_CONFIG);
    expect(config).toMatchObject({
      modelType: 'qwen2',
      hiddenSize: 896,
      numKeyValueHeads: 2,
      headDim: 64,
      ropeTheta: 1e6,
      attentionBias: true,
      attentionOutputBias: false,
      tieWordEmbeddings: true,
      eosTokenIds: [151645],
      bosTokenId: 151643,
    });
  });

  it('should read a Llama config without bias and with several EOS ids', () => {
    const config = modelConfigFromHF({
      ...QWEN2_CONFIG,
      model_type: 'llama',
      rope_theta: undefined,
      tie_word_embeddings: false,
      bos_token_id: 128000,
      eos_token_id: [128001, 128009],
      vocab_size: 128256,
    });
    expect(config).toMatchObject({
      attentionBias: false,
      ropeTheta: 10_000,
      tieWordEmbeddings: false,
      eosTokenIds: [128001, 128009],
    });
  });

  it('should apply the defaults of the transformers config class of each model type to absent fields', () => {
    const {
      tie_word_embeddings: _tie,
      rope_theta: _theta,
      bos_token_id: _bos,
      eos_token_id: _eos,
      ...bare
    } = QWEN2_CONFIG;
    // LlamaConfig: untied, rope_theta 10000, bos 1, eos 2, no bias.
    expect(modelConfigFromHF({ ...bare, model_type: 'llama' })).toMatchObject({
      tieWordEmbeddings: false,
      ropeTheta: 10_000,
      bosTokenId: 1,
      eosTokenIds: [2],
      attentionBias: false,
      attentionOutputBias: false,
      queryKeyNorm: false,
    });
    // Qwen2Config: untied, rope_theta 10000 (not Qwen2.5's 1e6), q/k/v bias, no o_proj bias, no bos/eos.
    expect(modelConfigFromHF(bare)).toMatchObject({
      tieWordEmbeddings: false,
      ropeTheta: 10_000,
      bosTokenId: undefined,
      eosTokenIds: [],
      attentionBias: true,
      attentionOutputBias: false,
    });
    // Qwen3Config: head_dim 128 whatever hidden / heads is, q/k norm, no bias.
    expect(modelConfigFromHF({ ...bare, model_type: 'qwen3' })).toMatchObject({
      headDim: 128,
      queryKeyNorm: true,
      attentionBias: false,
    });
  });

  it('should read Llama 3.1 rope scaling in both spellings and fill original_max_position_embeddings', () => {
    const scaling = { factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 };
    const legacy = modelConfigFromHF({
      ...QWEN2_CONFIG,
      model_type: 'llama',
      rope_theta: 500000,
      rope_scaling: { rope_type: 'llama3', ...scaling },
    });
    const current = modelConfigFromHF({
      ...QWEN2_CONFIG,
      model_type: 'llama',
      rope_theta: undefined,
      rope_parameters: { rope_type: 'llama3', rope_theta: 500000, ...scaling },
    });
    expect(legacy).toEqual(current);
    expect(legacy).toMatchObject({
      ropeTheta: 500000,
      ropeScaling: { ropeType: 'llama3', factor: 8, lowFreqFactor: 1, highFreqFactor: 4 },
    });
    const { original_max_position_embeddings: _original, ...withoutOriginal } = scaling;
    expect(
      modelConfigFromHF({ ...QWEN2_CONFIG, model_type: 'llama', rope_scaling: { type: 'llama3', ...withoutOriginal } })
        .ropeScaling?.originalMaxPositionEmbeddings,
    ).toBe(QWEN2_CONFIG.max_position_embeddings);
  });

  it('should refuse a config.json without model_type or with an unsupported one, naming the file', () => {
    const { model_type: _type, ...untyped } = QWEN2_CONFIG;
    expect(() => modelConfigFromHF(untyped, 'm/config.json')).toThrow(
      /m\/config\.json: field "model_type": missing; set it to one of llama, qwen2, qwen3/,
    );
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, model_type: 'mistral' }, 'm/config.json')).toThrow(
      /m\/config\.json: field "model_type" is "mistral"; supported model types: llama, qwen2, qwen3/,
    );
    expect(() =>
      modelConfigFromHF({ ...QWEN2_CONFIG, model_type: 'qwen3', layer_types: ['full_attention', 'chunked_attention'] }),
    ).toThrow(/"layer_types" is "chunked_attention"/);
    expect(() =>
      modelConfigFromHF({
        ...QWEN2_CONFIG,
        model_type: 'llama',
        rope_scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1 },
      }),
    ).toThrow(/"rope_scaling\.high_freq_factor" is null/);
  });

  it('should name the file and field of an invalid config', () => {
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, hidden_size: -1 }, 'my/config.json')).toThrow(
      /my\/config\.json.*hidden_size/,
    );
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, hidden_act: 'gelu' })).toThrow(/hidden_act.*silu/);
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, rope_scaling: { type: 'yarn', factor: 4 } })).toThrow(
      /rope_scaling/,
    );
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, num_key_value_heads: 4 })).toThrow(/numKeyValueHeads.*divide/);
    expect(() => modelConfigFromHF({ ...QWEN2_CONFIG, bos_token_id: 200000 })).toThrow(/bosTokenId.*200000/);
  });
});

describe('modelConfigToHF', () => {
  it('should round-trip through modelConfigFromHF', () => {
    const config = resolveTransformerConfig({
      vocabSize: 300,
      hiddenSize: 48,
      intermediateSize: 96,
      numHiddenLayers: 2,
      numAttentionHeads: 6,
      numKeyValueHeads: 2,
      eosTokenIds: [3, 4],
      tieWordEmbeddings: false,
    });
    expect(modelConfigFromHF(modelConfigToHF(config))).toEqual(config);
  });

  it('should round-trip Llama 3.1 rope scaling with biases, and Qwen3', () => {
    const shape = { vocabSize: 64, hiddenSize: 32, intermediateSize: 48, numHiddenLayers: 1, numAttentionHeads: 4 };
    const llama = resolveTransformerConfig({
      ...shape,
      modelType: 'llama',
      attentionBias: true,
      ropeTheta: 500000,
      ropeScaling: {
        ropeType: 'llama3',
        factor: 8,
        lowFreqFactor: 1,
        highFreqFactor: 4,
        originalMaxPositionEmbeddings: 8192,
      },
    });
    expect(modelConfigFromHF(modelConfigToHF(llama))).toEqual(llama);
    const qwen3 = resolveTransformerConfig({ ...shape, modelType: 'qwen3', headDim: 16 });
    expect(modelConfigFromHF(modelConfigToHF(qwen3))).toEqual(qwen3);
  });

  it('should refuse bias combinations Hugging Face cannot express', () => {
    expect(() =>
      resolveTransformerConfig({
        vocabSize: 10,
        hiddenSize: 8,
        intermediateSize: 8,
        numHiddenLayers: 1,
        numAttentionHeads: 2,
        modelType: 'llama',
        attentionBias: true,
        attentionOutputBias: false,
      }),
    ).toThrow(/attentionOutputBias.*set both to true/);
  });

  it('should reject a strict config with an unknown field', () => {
    expect(() =>
      resolveTransformerConfig({
        vocabSize: 10,
        hiddenSize: 8,
        intermediateSize: 8,
        numHiddenLayers: 1,
        numAttentionHeads: 2,
        hidenSize: 3,
      } as never),
    ).toThrow(/hidenSize/);
  });
});
