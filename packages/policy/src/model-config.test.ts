import { describe, expect, it } from 'vitest';
import { modelConfigFromHF, modelConfigToHF, resolveTransformerConfig } from './model-config';

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
