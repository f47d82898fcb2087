import { beforeAll, describe, expect, it } from 'vitest';
import { resolveTransformerConfig } from './model-config';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import {
  checkTrainingMemory,
  estimateTrainingMemory,
  GUIDANCE_MODELS,
  hardwareGuidance,
  loraParameterCount,
  parameterCountOf,
} from './training-memory';
import { createTransformerModel } from './transformer-model';

beforeAll(() => useTestBackend());

describe('training memory estimate', () => {
  it.each([
    ['qwen2', { modelType: 'qwen2' as const, tieWordEmbeddings: true }],
    ['llama untied', { modelType: 'llama' as const, tieWordEmbeddings: false }],
    ['qwen3 with bias', { modelType: 'qwen3' as const, attentionBias: true, attentionOutputBias: true }],
  ])('should count the parameters a %s model allocates', (_, overrides) => {
    const config = resolveTransformerConfig({ ...TINY_TRANSFORMER_CONFIG, ...overrides });
    const model = createTransformerModel({ config, seed: 1 });
    expect(parameterCountOf(config)).toBe(model.parameterCount());
    const lora = model.enableLora({ rank: 3, targetModules: ['q_proj', 'k_proj', 'o_proj', 'down_proj'] });
    const adapterSize = lora.adapters
      .flatMap((layer) => Object.values(layer))
      .reduce((sum, a) => sum + a.a.size + a.b.size, 0);
    expect(loraParameterCount(config, { rank: 3, targetModules: ['q_proj', 'k_proj', 'o_proj', 'down_proj'] })).toBe(
      adapterSize,
    );
    model.dispose();
  });

  it('should give the published sizes of Qwen2.5 0.5B, 1.5B and 7B', () => {
    const billions = GUIDANCE_MODELS.map(({ config }) => parameterCountOf(resolveTransformerConfig(config)) / 1e9);
    // Model cards: 0.49 B, 1.54 B, 7.61 B parameters.
    expect(billions.map((value) => value.toFixed(2))).toEqual(['0.49', '1.54', '7.62']);
  });

  it('should train only adapters under LoRA and need far less memory', () => {
    const config = resolveTransformerConfig((GUIDANCE_MODELS[2] as (typeof GUIDANCE_MODELS)[number]).config);
    const full = estimateTrainingMemory({ config });
    const lora = estimateTrainingMemory({ config, lora: { rank: 16, targetModules: ['q_proj', 'v_proj'] } });
    expect(full.totalBytes).toBe(16 * full.parameters);
    expect(lora.trainableParameters).toBeLessThan(full.parameters / 1000);
    expect(lora.totalBytes).toBeLessThan(full.totalBytes / 3);
    const rows = hardwareGuidance({ passes: [], lora: { rank: 16, targetModules: ['q_proj', 'v_proj'] } });
    expect(rows.map((row) => `${row.model} ${row.mode} ${row.fitsWasm}`)).toEqual([
      'Qwen2.5-0.5B full false',
      'Qwen2.5-0.5B lora true',
      'Qwen2.5-1.5B full false',
      'Qwen2.5-1.5B lora false',
      'Qwen2.5-7B full false',
      'Qwen2.5-7B lora false',
    ]);
  });

  it('should refuse a run that cannot fit, naming the parts and what to change', () => {
    const config = resolveTransformerConfig((GUIDANCE_MODELS[2] as (typeof GUIDANCE_MODELS)[number]).config);
    const estimate = estimateTrainingMemory({ config });
    expect(() => checkTrainingMemory({ estimate, backend: 'wasm', lora: false })).toThrow(
      /needs about 113\.\d GiB \(weights 28\.\d GiB \+ gradients .* more than the 4\.0 GiB the wasm backend has\. Train LoRA adapters instead/,
    );
    expect(() => checkTrainingMemory({ estimate, backend: 'tensorflow', limitBytes: 2e12, lora: false })).not.toThrow();
  });
});
