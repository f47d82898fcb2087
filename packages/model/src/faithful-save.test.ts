import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeParseJSON } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransformerModel, saveCheckpoint, VALUE_HEAD_FILE } from './checkpoint';
import { type NamedFloatTensor, readSafetensors } from './safetensors';
import { logitsOf, maxAbsDifference, REFERENCE_CHECKPOINTS, readReferenceLogits } from './test/reference-logits';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel } from './transformer-model';

let root: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-save-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readJson(path: string): Promise<Record<string, unknown>> {
  const parsed = safeParseJSON<Record<string, unknown>>(await readFile(path, 'utf8'));
  if (!parsed.success) throw parsed.error;
  return parsed.value;
}

async function tensorsOf(path: string): Promise<Map<string, NamedFloatTensor>> {
  return new Map(readSafetensors(await readFile(path), path).map((tensor) => [tensor.name, tensor]));
}

/** Name, shape, dtype and the exact bits of every tensor (float32 bits of a decoded BF16 value are its bits). */
function describeTensors(tensors: Map<string, NamedFloatTensor>): Map<string, string> {
  return new Map(
    [...tensors].map(([name, tensor]) => [
      name,
      `${tensor.dtype} [${tensor.shape.join(',')}] ${Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength).toString('base64')}`,
    ]),
  );
}

describe('saveCheckpoint: a faithful Hugging Face folder', () => {
  it('should save a BF16 transformers checkpoint back bit-for-bit in BF16 with the same names, and the same logits', async () => {
    const source = join(REFERENCE_CHECKPOINTS, 'qwen2-bf16');
    const model = await loadTransformerModel(source);
    expect(model.source?.dtype).toBe('BF16');
    const directory = join(root, 'qwen2-bf16-copy');
    await saveCheckpoint({ directory, model });

    const original = await tensorsOf(join(source, 'model.safetensors'));
    const saved = await tensorsOf(join(directory, 'model.safetensors'));
    expect(describeTensors(saved)).toEqual(describeTensors(original));
    expect(await readJson(join(directory, 'config.json'))).toMatchObject({
      model_type: 'qwen2',
      torch_dtype: 'bfloat16',
      tie_word_embeddings: true,
    });
    expect(await readJson(join(directory, 'generation_config.json'))).toEqual({
      _from_model_config: true,
      bos_token_id: 1,
      eos_token_id: 2,
    });

    const reference = readReferenceLogits('qwen2-bf16');
    const reloaded = await loadTransformerModel(directory);
    const before = await logitsOf(model, reference.tokenIds);
    const after = await logitsOf(reloaded, reference.tokenIds);
    expect(maxAbsDifference(after, before)).toBe(0);
    expect(maxAbsDifference(after, reference.logits)).toBeLessThan(1e-3);
    model.dispose();
    reloaded.dispose();
  });

  it('should keep an existing generation_config.json unchanged', async () => {
    const source = join(root, 'with-generation-config');
    await cp(join(REFERENCE_CHECKPOINTS, 'llama-tied-bias'), source, { recursive: true });
    const generationConfig = { bos_token_id: 1, eos_token_id: [2, 7], temperature: 0.6, top_p: 0.9, do_sample: true };
    await writeFile(join(source, 'generation_config.json'), JSON.stringify(generationConfig));
    const model = await loadTransformerModel(source);
    const directory = join(root, 'with-generation-config-copy');
    await saveCheckpoint({ directory, model });
    expect(await readJson(join(directory, 'generation_config.json'))).toEqual(generationConfig);
    expect(await readJson(join(directory, 'config.json'))).toMatchObject({ torch_dtype: 'float32' });
    model.dispose();
  });

  it('should write the value head to its own file, load it back, and honour an explicit dtype', async () => {
    const model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed: 2, initStd: 0.3, valueHead: true });
    const directory = join(root, 'value-head');
    await saveCheckpoint({ directory, model, dtype: 'F16' });
    const files = await readdir(directory);
    expect(files).toEqual(expect.arrayContaining(['model.safetensors', VALUE_HEAD_FILE, 'generation_config.json']));
    const weights = await tensorsOf(join(directory, 'model.safetensors'));
    expect([...weights.keys()].filter((name) => name.startsWith('v_head.'))).toEqual([]);
    expect(new Set([...weights.values()].map((tensor) => tensor.dtype))).toEqual(new Set(['F16']));
    const head = await tensorsOf(join(directory, VALUE_HEAD_FILE));
    expect([...head.keys()].sort()).toEqual(['v_head.summary.bias', 'v_head.summary.weight']);
    expect(await readJson(join(directory, 'config.json'))).toMatchObject({ torch_dtype: 'float16' });
    const loaded = await loadTransformerModel(directory);
    expect(loaded.hasValueHead).toBe(true);
    expect(loaded.source?.dtype).toBe('F16');
    expect(Array.from(loaded.weights.valueHead?.weight.dataSync() ?? [])).toEqual(
      Array.from(model.weights.valueHead?.weight.dataSync() ?? []),
    );
    model.dispose();
    loaded.dispose();
  });
});
