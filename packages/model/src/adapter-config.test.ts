import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeParseJSON } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransformerModel, saveCheckpoint } from './checkpoint';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';

let root: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-adapter-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A saved base model with a rank-4, alpha-8 q_proj adapter whose B is non-zero. */
async function savedAdapter(name: string, useRslora: boolean): Promise<{ directory: string; model: TransformerModel }> {
  const model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed: 3, initStd: 0.3 });
  const state = model.enableLora({ rank: 4, alpha: 8, useRslora, targetModules: ['q_proj'] });
  for (const perLayer of state.adapters) {
    const adapter = perLayer.q_proj as { b: tf.Variable };
    adapter.b.assign(tf.randomNormal(adapter.b.shape, 0, 0.5, 'float32', 11));
  }
  const directory = join(root, name);
  await saveCheckpoint({ directory, model });
  return { directory, model };
}

async function editAdapterConfig(directory: string, fields: Record<string, unknown>): Promise<void> {
  const path = join(directory, 'adapter_config.json');
  const parsed = safeParseJSON<Record<string, unknown>>(await readFile(path, 'utf8'));
  if (!parsed.success) throw parsed.error;
  await writeFile(path, JSON.stringify({ ...parsed.value, ...fields }));
}

describe('adapter_config.json use_rslora', () => {
  it('should scale by alpha / √r with use_rslora and by alpha / r without, as PEFT does', async () => {
    const rank = 4;
    const alpha = 8;
    const { directory, model } = await savedAdapter('rslora', true);
    const loaded = await loadTransformerModel(directory);
    expect(loaded.loraState?.scale).toBe(alpha / Math.sqrt(rank));
    // The merged q rows of layer 0 are W + (alpha / √r)·B·A, computed here by hand from the saved tensors.
    const adapter = loaded.loraState?.adapters[0]?.q_proj as { a: tf.Variable; b: tf.Variable };
    const [a, b] = [adapter.a.arraySync() as number[][], adapter.b.arraySync() as number[][]];
    const base = (await loaded.exportWeights()).find(
      (tensor) => tensor.name === 'model.layers.0.self_attn.q_proj.weight',
    );
    loaded.mergeLora();
    const merged = (await loaded.exportWeights()).find(
      (tensor) => tensor.name === 'model.layers.0.self_attn.q_proj.weight',
    );
    loaded.unmergeLora();
    const columns = (base?.shape[1] as number) ?? 0;
    let largest = 0;
    for (let row = 0; row < (base?.shape[0] as number); row += 1) {
      for (let column = 0; column < columns; column += 1) {
        let product = 0;
        for (let index = 0; index < rank; index += 1) {
          product += (b[row]?.[index] as number) * (a[index]?.[column] as number);
        }
        const expected = (base?.data[row * columns + column] as number) + (alpha / Math.sqrt(rank)) * product;
        largest = Math.max(largest, Math.abs((merged?.data[row * columns + column] as number) - expected));
      }
    }
    expect(largest).toBeLessThan(1e-5);
    const ids = tf.tensor2d([[3, 7, 11, 2, 9]], undefined, 'int32');
    const mask = tf.onesLike(ids) as tf.Tensor2D;
    const difference = tf.max(tf.abs(tf.sub(loaded.forwardLogits(ids, mask), model.forwardLogits(ids, mask))));
    expect(difference.dataSync()[0]).toBeLessThan(1e-5);

    // The same adapter read as plain LoRA scales by alpha / r = 2, not 4: different logits.
    await editAdapterConfig(directory, { use_rslora: false });
    const plain = await loadTransformerModel(directory);
    expect(plain.loraState?.scale).toBe(alpha / rank);
    const plainDifference = tf.max(tf.abs(tf.sub(plain.forwardLogits(ids, mask), model.forwardLogits(ids, mask))));
    expect(plainDifference.dataSync()[0]).toBeGreaterThan(1e-3);
    tf.dispose([ids, mask, difference, plainDifference]);
    for (const each of [model, loaded, plain]) each.dispose();
  });

  it.each([
    [{ use_dora: true }, /field "use_dora": is true; only false \(DoRA is not supported\)/],
    [{ bias: 'lora_only' }, /field "bias": is "lora_only"; only "none"/],
    [{ rank_pattern: { q_proj: 8 } }, /field "rank_pattern"/],
    [{ layers_to_transform: [0] }, /field "layers_to_transform"/],
    [{ target_modules: 'q_proj|v_proj' }, /field "target_modules": list the projections by name/],
  ])('should refuse %j naming adapter_config.json and the field', async (fields, message) => {
    const { directory, model } = await savedAdapter(`refused-${Object.keys(fields)[0]}`, false);
    model.dispose();
    await editAdapterConfig(directory, fields);
    const error = (await loadTransformerModel(directory).then(
      () => new Error('loaded'),
      (caught: unknown) => caught as Error,
    )) as Error;
    expect(error.message).toContain(join(directory, 'adapter_config.json'));
    expect(error.message).toMatch(message);
  });
});
