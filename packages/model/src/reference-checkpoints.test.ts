import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeParseJSON } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransformerModel } from './checkpoint';
import {
  logitsOf,
  maxAbsDifference,
  REFERENCE_CASES,
  REFERENCE_CHECKPOINTS,
  readReferenceLogits,
} from './test/reference-logits';
import { useTestBackend } from './test/test-backend';

let root: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-reference-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A copy of a reference folder whose config.json is changed by `edit`. */
async function withEditedConfig(name: string, edit: (config: Record<string, unknown>) => void): Promise<string> {
  const directory = join(root, `${name}-${Math.floor(performance.now() * 1000)}`);
  await cp(join(REFERENCE_CHECKPOINTS, name), directory, { recursive: true });
  const parsed = safeParseJSON<Record<string, unknown>>(await readFile(join(directory, 'config.json'), 'utf8'));
  if (!parsed.success) throw parsed.error;
  edit(parsed.value);
  await writeFile(join(directory, 'config.json'), JSON.stringify(parsed.value));
  return directory;
}

describe('loadTransformerModel against transformers', () => {
  it.each(REFERENCE_CASES)('should match the float32 logits of transformers for %s to 1e-3', async (name) => {
    const reference = readReferenceLogits(name);
    // The tolerance means something only if the logits are large: random weights at HF's 0.02 give ~0.01.
    expect(Math.max(...reference.logits.flat().map(Math.abs))).toBeGreaterThan(2);
    const model = await loadTransformerModel(join(REFERENCE_CHECKPOINTS, name));
    expect(model.config.tieWordEmbeddings).toBe(reference.tiedEmbeddings);
    const logits = await logitsOf(model, reference.tokenIds);
    model.dispose();
    expect(maxAbsDifference(logits, reference.logits)).toBeLessThan(1e-3);
  });

  it('should give different logits when a read setting is changed (the comparison can fail)', async () => {
    const reference = readReferenceLogits('llama3-rope-scaling');
    const directory = await withEditedConfig('llama3-rope-scaling', (config) => {
      config.rope_parameters = { rope_type: 'default', rope_theta: 500000 };
    });
    const model = await loadTransformerModel(directory);
    const logits = await logitsOf(model, reference.tokenIds);
    model.dispose();
    expect(maxAbsDifference(logits, reference.logits)).toBeGreaterThan(0.01);
  });

  it('should read a Llama config.json without tie_word_embeddings as untied (HF default) and require lm_head.weight', async () => {
    const directory = await withEditedConfig('llama-tied-bias', (config) => {
      delete config.tie_word_embeddings; // LlamaConfig default: untied, so lm_head.weight is required
    });
    await expect(loadTransformerModel(directory)).rejects.toThrow(/lm_head\.weight.*missing/);
  });
});

describe('loadTransformerModel refusals', () => {
  it('should refuse a gemma2 config.json naming the file, field, value and the supported types', async () => {
    const directory = join(REFERENCE_CHECKPOINTS, 'gemma2-refused');
    const error = (await loadTransformerModel(directory).then(
      () => new Error('loaded'),
      (caught: unknown) => caught as Error,
    )) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(join(directory, 'config.json'));
    expect(error.message).toMatch(/field "model_type" is "gemma2"; supported model types: llama, qwen2, qwen3/);
  });

  it.each([
    [
      'hidden_act',
      (config: Record<string, unknown>) => Object.assign(config, { hidden_act: 'gelu' }),
      /"hidden_act" is "gelu"/,
    ],
    ['mlp_bias', (config: Record<string, unknown>) => Object.assign(config, { mlp_bias: true }), /"mlp_bias" is true/],
    [
      'rope type',
      (config: Record<string, unknown>) =>
        Object.assign(config, { rope_parameters: { rope_type: 'yarn', rope_theta: 10000, factor: 4 } }),
      /"rope_parameters\.rope_type" is "yarn"; supported rope types: default, llama3/,
    ],
    [
      'legacy rope_scaling',
      (config: Record<string, unknown>) => Object.assign(config, { rope_scaling: { type: 'dynamic', factor: 2 } }),
      /"rope_scaling\.rope_type" is "dynamic"/,
    ],
    [
      'quantisation',
      (config: Record<string, unknown>) => Object.assign(config, { quantization_config: { quant_method: 'gptq' } }),
      /"quantization_config"/,
    ],
  ])('should refuse %s on a Llama checkpoint', async (_, edit, message) => {
    const directory = await withEditedConfig('llama-tied-bias', edit);
    await expect(loadTransformerModel(directory)).rejects.toThrow(message);
  });

  it('should refuse a Qwen2 checkpoint whose sliding window is in use, and accept one where it is off', async () => {
    const sliding = await withEditedConfig('qwen2-bf16', (config) => {
      Object.assign(config, { use_sliding_window: true, sliding_window: 16, max_window_layers: 1 });
      delete config.layer_types;
    });
    await expect(loadTransformerModel(sliding)).rejects.toThrow(
      /"use_sliding_window" is true; sliding-window attention \(window 16 on layers from max_window_layers 1\) is not supported/,
    );
    // Qwen2.5 ships use_sliding_window false with a window and max_window_layers set: full attention everywhere.
    const off = await withEditedConfig('qwen2-bf16', (config) => {
      Object.assign(config, { use_sliding_window: false, sliding_window: 16, max_window_layers: 1 });
    });
    const model = await loadTransformerModel(off);
    expect(model.config.modelType).toBe('qwen2');
    model.dispose();
  });
});
