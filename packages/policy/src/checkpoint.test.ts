import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTransformerModel,
  generate,
  loadOptimizerState,
  loadPolicyTokenizer,
  loadTransformerModel,
  saveCheckpoint,
  type TransformerModel,
} from '@rlver/model';
import {
  TINY_MODEL_CONFIG,
  TINY_SPECIAL,
  tinyTokenizerJson,
  useTestBackend,
  writeTinyCheckpoint,
} from '@rlver/model/test';
import { createAdamW } from '@rlver/optim';
import { safeParseJSON } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';
import { requestSeed } from './tfjs-dialogue-policy';

let root: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-policy-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function weightsOf(model: TransformerModel): Promise<Map<string, Float32Array>> {
  return new Map((await model.exportWeights()).map((tensor) => [tensor.name, tensor.data]));
}

function trainOnce(model: TransformerModel, optimizer: ReturnType<typeof createAdamW>): void {
  const ids = tf.tensor2d([[5, 9, 13, 2, 7]], undefined, 'int32');
  const mask = tf.ones([1, 5], 'int32') as tf.Tensor2D;
  const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), model.policyVariables());
  optimizer.applyGradients(grads);
  tf.dispose([value, grads, ids, mask]);
}

describe('saveCheckpoint / loadTransformerModel', () => {
  it('should round-trip weights, value head and LoRA adapters bit-identically', async () => {
    const model = createTransformerModel({ config: TINY_MODEL_CONFIG, seed: 5, valueHead: true });
    model.enableLora({ rank: 2, targetModules: ['q_proj', 'v_proj', 'up_proj'] });
    const optimizer = createAdamW({ learningRate: 0.01 });
    trainOnce(model, optimizer);
    const directory = join(root, 'round-trip');
    await saveCheckpoint({ directory, model, optimizer, trainerState: { step: 1 } });
    const loaded = await loadTransformerModel(directory);
    expect(loaded.hasValueHead).toBe(true);
    expect(await weightsOf(loaded)).toEqual(await weightsOf(model));
    const loadedAdapters = loaded.namedVariables();
    for (const [name, variable] of model.namedVariables()) {
      expect(Array.from(loadedAdapters.get(name)?.dataSync() ?? []), name).toEqual(Array.from(variable.dataSync()));
    }
    const restored = createAdamW({ learningRate: 1 });
    expect(await loadOptimizerState(directory, restored, loaded)).toEqual({ step: 1 });
    trainOnce(model, optimizer);
    trainOnce(loaded, restored);
    expect(await weightsOf(loaded)).toEqual(await weightsOf(model));
    expect(Array.from(loaded.namedVariables().get('lora.0.q_proj.b')?.dataSync() ?? [])).toEqual(
      Array.from(model.namedVariables().get('lora.0.q_proj.b')?.dataSync() ?? []),
    );
    const files = await readdir(directory);
    expect(files).toEqual(
      expect.arrayContaining([
        'config.json',
        'model.safetensors',
        'adapter_config.json',
        'adapter_model.safetensors',
        'optimizer.safetensors',
        'trainer_state.json',
      ]),
    );
    model.dispose();
    loaded.dispose();
  });

  it('should write and read sharded weights with model.safetensors.index.json', async () => {
    const model = createTransformerModel({ config: TINY_MODEL_CONFIG, seed: 6 });
    const directory = join(root, 'sharded');
    await saveCheckpoint({ directory, model, maxShardBytes: 40_000 });
    const files = await readdir(directory);
    const shards = files.filter((file) => /^model-\d{5}-of-\d{5}\.safetensors$/.test(file));
    expect(shards.length).toBeGreaterThan(1);
    expect(files).not.toContain('model.safetensors');
    const index = safeParseJSON<{ weight_map: Record<string, string> }>(
      await readFile(join(directory, 'model.safetensors.index.json'), 'utf8'),
    );
    expect(index.success && index.value.weight_map['model.norm.weight']).toMatch(/^model-/);
    const loaded = await loadTransformerModel(directory);
    expect(await weightsOf(loaded)).toEqual(await weightsOf(model));
    model.dispose();
    loaded.dispose();
  });

  it('should name the missing tensor of an incomplete checkpoint', async () => {
    const directory = join(root, 'incomplete');
    await writeTinyCheckpoint(directory, { config: { tieWordEmbeddings: true } });
    const config = safeParseJSON<Record<string, unknown>>(await readFile(join(directory, 'config.json'), 'utf8'));
    expect(config.success).toBe(true);
    const fields = config.success ? config.value : {};
    await writeFile(join(directory, 'config.json'), JSON.stringify({ ...fields, tie_word_embeddings: false }));
    await expect(loadTransformerModel(directory)).rejects.toThrow(/lm_head\.weight.*missing/);
  });
});

describe('a hand-written Qwen2-style checkpoint', () => {
  it('should load bfloat16 weights, chat through its template and generate', async () => {
    const directory = join(root, 'qwen2-bf16');
    await writeTinyCheckpoint(directory, { dtype: 'BF16', seed: 9 });
    const policy = await loadCheckpointPolicy(directory, { maxContextTokens: 512, sampling: { maxNewTokens: 6 } });
    expect(policy.model.config).toMatchObject({ modelType: 'qwen2', attentionBias: true, tieWordEmbeddings: false });
    const embedding = policy.model.weights.embedTokens.dataSync();
    const asBits = new Uint32Array(new Float32Array(embedding).buffer);
    expect(asBits.every((bits) => (bits & 0xffff) === 0)).toBe(true);
    const messages = [
      { role: 'system' as const, content: 'be kind' },
      { role: 'user' as const, content: 'hello there' },
    ];
    const promptIds = policy.encodeChat(messages, 6);
    expect(promptIds[0]).toBe(TINY_SPECIAL.imStart);
    expect(policy.tokenizer.decode(promptIds, { skipSpecialTokens: false })).toBe(
      '<|im_start|>system\nbe kind<|im_end|>\n<|im_start|>user\nhello there<|im_end|>\n<|im_start|>assistant\n',
    );
    const [output] = await policy.doAct({ requests: [{ messages }], sampling: { seed: 1 } });
    expect(output?.tokens?.promptIds).toEqual(promptIds);
    expect(output?.tokens?.outputIds.length).toBeGreaterThan(0);
    expect(output?.tokens?.outputIds.length).toBeLessThanOrEqual(6);
    expect(output?.text).toBe(policy.tokenizer.decode(output?.tokens?.outputIds ?? []));
    const direct = await generate(policy.model, {
      promptIds: [promptIds],
      maxNewTokens: 6,
      seed: requestSeed(1, [{ messages }]),
      stopTokenIds: [TINY_SPECIAL.imEnd],
    });
    expect(direct[0]?.outputIds).toEqual(output?.tokens?.outputIds);
    policy.model.dispose();
  });

  it('should save a loaded model with its tokenizer and load it back unchanged', async () => {
    const source = join(root, 'qwen2-f16');
    await writeTinyCheckpoint(source, { dtype: 'F16', seed: 10 });
    const model = await loadTransformerModel(source);
    const tokenizer = await loadPolicyTokenizer(source);
    const target = join(root, 'qwen2-copy');
    await saveCheckpoint({ directory: target, model, tokenizer });
    const copy = await loadTransformerModel(target);
    const copiedTokenizer = await loadPolicyTokenizer(target);
    expect(await weightsOf(copy)).toEqual(await weightsOf(model));
    expect(copiedTokenizer.encode('the hat')).toEqual(tokenizer.encode('the hat'));
    expect(copiedTokenizer.chatTemplate).toBe(tokenizer.chatTemplate);
    model.dispose();
    copy.dispose();
  });

  it('should refuse at load a tokenizer larger than the embedding, and a folder without a chat template', async () => {
    const directory = join(root, 'mismatched');
    await writeTinyCheckpoint(directory, { seed: 11 });
    // A tokenizer of a bigger model: one added token past the embedding's last row.
    const tokenizerJson = tinyTokenizerJson();
    const added = tokenizerJson.added_tokens as Array<Record<string, unknown>>;
    added.push({ ...added[0], id: TINY_MODEL_CONFIG.vocabSize + 40, content: '<|extra|>' });
    await writeFile(join(directory, 'tokenizer.json'), JSON.stringify(tokenizerJson));
    await expect(loadCheckpointPolicy(directory)).rejects.toThrow(
      /tokenizer\.json has token ids up to \d+, but .*config\.json field "vocab_size" is \d+ \(the embedding rows\)/,
    );
    const templateless = join(root, 'templateless');
    await writeTinyCheckpoint(templateless, { seed: 12 });
    const tokenizerConfig = safeParseJSON<Record<string, unknown>>(
      await readFile(join(templateless, 'tokenizer_config.json'), 'utf8'),
    );
    if (!tokenizerConfig.success) throw tokenizerConfig.error;
    const { chat_template: _template, ...withoutTemplate } = tokenizerConfig.value;
    await writeFile(join(templateless, 'tokenizer_config.json'), JSON.stringify(withoutTemplate));
    await expect(loadCheckpointPolicy(templateless)).rejects.toThrow(/tokenizer_config\.json has no "chat_template"/);
  });
});
