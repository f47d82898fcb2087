import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadPolicyTokenizer,
  loadTransformerModel,
  readSafetensors,
  saveCheckpoint,
  writeSafetensors,
} from '@rlver/model';
import { logitsOf, maxAbsDifference, useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import { createRng } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportMerged } from './export-command';

const root = mkdtempSync(join(tmpdir(), 'rlver-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tokens = [104, 101, 256, 32, 257, 259, 1, 200, 3];

let trained: string;
let adapted: number[][];
let base: number[][];
/** `[out, in]` of the adapted projections of the tiny model (hidden 32, 4 heads of 8, 2 key/value heads, MLP 48). */
const SHAPES = { 'self_attn.q_proj': [32, 32], 'self_attn.v_proj': [16, 32], 'mlp.down_proj': [32, 48] } as const;
beforeAll(async () => {
  await useTestBackend();
  const start = join(root, 'start');
  await writeTinyCheckpoint(start, { dtype: 'F32' });
  const plain = await loadTransformerModel(start);
  base = await logitsOf(plain, tokens);
  plain.dispose();
  // A trained adapter as PEFT writes it (B away from zero), put next to the weights by hand.
  const adapterConfig = { peft_type: 'LORA', r: 4, lora_alpha: 8, use_rslora: true, lora_dropout: 0, bias: 'none' };
  const targetModules = ['q_proj', 'v_proj', 'down_proj'];
  writeFileSync(
    join(start, 'adapter_config.json'),
    JSON.stringify({ ...adapterConfig, target_modules: targetModules }),
  );
  const rng = createRng(5);
  const random = (size: number) => Float32Array.from({ length: size }, () => (rng.next() - 0.5) * 0.6);
  const tensors = [0, 1].flatMap((layer) =>
    Object.entries(SHAPES).flatMap(([module, [out, inSize]]) => [
      {
        name: `base_model.model.model.layers.${layer}.${module}.lora_A.weight`,
        shape: [4, inSize],
        data: random(4 * inSize),
      },
      {
        name: `base_model.model.model.layers.${layer}.${module}.lora_B.weight`,
        shape: [out, 4],
        data: random(out * 4),
      },
    ]),
  );
  writeFileSync(join(start, 'adapter_model.safetensors'), writeSafetensors(tensors));
  const model = await loadTransformerModel(start);
  expect(model.loraState?.scale).toBeCloseTo(8 / 2);
  adapted = await logitsOf(model, tokens);
  // Saved again in the layout of a run folder: runs/<id>/checkpoints/latest/policy.
  trained = join(root, 'run', 'checkpoints', 'latest', 'policy');
  mkdirSync(trained, { recursive: true });
  await saveCheckpoint({ directory: trained, model, tokenizer: await loadPolicyTokenizer(start) });
  model.dispose();
});

describe('LoRA checkpoints and rlver-train export --merge', () => {
  it('should save the adapter under the names PEFT loads and load it back to identical logits', async () => {
    const config = JSON.parse(readFileSync(join(trained, 'adapter_config.json'), 'utf8'));
    expect(config).toMatchObject({ peft_type: 'LORA', r: 4, lora_alpha: 8, use_rslora: true, lora_dropout: 0 });
    const names = readSafetensors(readFileSync(join(trained, 'adapter_model.safetensors'))).map((t) => t.name);
    expect(names).toContain('base_model.model.model.layers.1.mlp.down_proj.lora_B.weight');
    expect(names).toContain('base_model.model.model.layers.0.self_attn.q_proj.lora_A.weight');
    expect(names).toHaveLength(2 * 3 * 2);
    const loaded = await loadTransformerModel(trained);
    expect(maxAbsDifference(await logitsOf(loaded, tokens), adapted)).toBe(0);
    loaded.dispose();
  });

  it('should write a full checkpoint whose logits equal base + adapter, from the run folder', async () => {
    expect(maxAbsDifference(adapted, base)).toBeGreaterThan(0.05);
    const out = join(root, 'merged');
    const line = await exportMerged({ from: join(root, 'run'), out });
    expect(line).toMatch(/merged the rank-4 LoRA adapter of .*policy into .*merged \(F32\)/);
    expect(existsSync(join(out, 'adapter_config.json'))).toBe(false);
    expect(existsSync(join(out, 'generation_config.json'))).toBe(true);
    const merged = await loadTransformerModel(out);
    expect(merged.loraState).toBeUndefined();
    expect(maxAbsDifference(await logitsOf(merged, tokens), adapted)).toBeLessThan(1e-5);
    merged.dispose();
  });

  it('should refuse a folder without an adapter and a path that is no checkpoint', async () => {
    const plain = join(root, 'plain');
    await writeTinyCheckpoint(plain);
    await expect(exportMerged({ from: plain, out: join(root, 'x') })).rejects.toThrow(/has no adapter_config\.json/);
    await expect(exportMerged({ from: join(root, 'nothing'), out: join(root, 'y') })).rejects.toThrow(
      /is neither a checkpoint folder .* nor a run folder with checkpoints\/latest\/policy/,
    );
  });
});
