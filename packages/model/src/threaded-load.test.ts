import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINT_LAYERS_FROM, loadTransformerModel, saveCheckpoint } from './checkpoint';
import { REFERENCE_CASES, REFERENCE_CHECKPOINTS } from './test/reference-logits';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel } from './transformer-model';

/** Every variable's float32 bits, by name, of the folder loaded with `readThreads` (the model is disposed). */
async function loadedBits(directory: string, readThreads: number): Promise<Map<string, Buffer>> {
  const model = await loadTransformerModel(directory, { readThreads, valueHead: true });
  const bits = new Map<string, Buffer>();
  for (const [name, variable] of model.namedVariables()) {
    const data = (await variable.data()) as Float32Array;
    bits.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  model.dispose();
  return bits;
}

async function expectSameLoad(directory: string): Promise<void> {
  const single = await loadedBits(directory, 1);
  const threaded = await loadedBits(directory, 2);
  expect([...threaded.keys()]).toEqual([...single.keys()]);
  const differing = [...single].filter(([name, bits]) => Buffer.compare(bits, threaded.get(name) as Buffer) !== 0);
  expect(differing.map(([name]) => name)).toEqual([]);
}

describe('loadTransformerModel on reader threads', () => {
  let root: string;
  beforeAll(async () => {
    await useTestBackend();
    root = await mkdtemp(join(tmpdir(), 'rlver-threaded-load-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it.each(REFERENCE_CASES)(
    'should load the transformers-written folder %s exactly as the one-thread reader',
    async (name) => {
      await expectSameLoad(join(REFERENCE_CHECKPOINTS, name));
    },
  );

  it('should checkpoint layers by default only from 100 M parameters, and as asked', async () => {
    const directory = join(REFERENCE_CHECKPOINTS, 'qwen2-bf16');
    const small = await loadTransformerModel(directory);
    const asked = await loadTransformerModel(directory, { checkpointLayers: true });
    expect([small.parameterCount() < CHECKPOINT_LAYERS_FROM, small.checkpointLayers, asked.checkpointLayers]).toEqual([
      true,
      false,
      true,
    ]);
    small.dispose();
    asked.dispose();
  });

  it.each(['F16', 'BF16', 'F32'] as const)(
    'should load a sharded %s folder with a value head exactly as the one-thread reader, and as saved',
    async (dtype) => {
      const model = createTransformerModel({
        config: { ...TINY_TRANSFORMER_CONFIG, attentionBias: true },
        seed: 4,
        initStd: 0.3,
        valueHead: true,
      });
      const directory = join(root, dtype);
      await saveCheckpoint({ directory, model, dtype, maxShardBytes: 6_000 });
      const saved = new Map(
        await Promise.all(
          [...model.namedVariables()].map(
            async ([name, variable]) => [name, (await variable.data()) as Float32Array] as const,
          ),
        ),
      );
      model.dispose();
      const files = await readdir(directory);
      expect(files.filter((file) => /^model-\d+-of-\d+\.safetensors$/.test(file)).length).toBeGreaterThan(2);
      await expectSameLoad(directory);
      // The stored dtype rounds; what the threads read must be that rounding of the saved weights.
      const threaded = await loadedBits(directory, 2);
      const embed = new Float32Array(Uint8Array.from(threaded.get('embedTokens') as Buffer).buffer);
      const original = saved.get('embedTokens') as Float32Array;
      const tolerance = dtype === 'F32' ? 0 : dtype === 'F16' ? 2e-3 : 1.6e-2;
      const worst = original.reduce(
        (max, value, index) => Math.max(max, Math.abs(value - (embed[index] as number))),
        0,
      );
      expect(worst).toBeLessThanOrEqual(tolerance);
      expect(embed.some((value) => value !== 0)).toBe(true);
    },
  );
});
