import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireFusedDecodeWeights } from './fused-decode-cache';
import { FUSED_DECODE_MAX_ELEMENTS, fusedDecodeUnsupported, fusedDecodeWeights } from './fused-decode-weights';
import { type GenerateOptions, type GenerationResult, generate } from './generate';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';

beforeAll(async () => {
  await useTestBackend();
});

const models: TransformerModel[] = [];
afterAll(() => {
  for (const model of models) model.dispose();
});

/** Norm weights around 1 and biases around 0, random, so that folding them into the matrices is tested. */
function randomiseNormsAndBiases(model: TransformerModel, seed: number): void {
  let index = 0;
  for (const [name, variable] of model.namedVariables()) {
    index += 1;
    if (/Norm$/.test(name)) {
      variable.assign(tf.add(1, tf.randomNormal(variable.shape, 0, 0.3, 'float32', seed + index)));
    } else if (/Bias$|gateBias$/.test(name)) {
      variable.assign(tf.randomNormal(variable.shape, 0, 0.5, 'float32', seed + index));
    }
  }
}

function model(config: Record<string, unknown>, seed: number): TransformerModel {
  const created = createTransformerModel({
    config: { ...TINY_TRANSFORMER_CONFIG, vocabSize: 120, ...config },
    seed,
    initStd: 0.3,
  });
  randomiseNormsAndBiases(created, seed);
  models.push(created);
  return created;
}

/** Ten prompts of different lengths, two the same (shared prefill), with token ids that repeat (copy targets). */
const REPEATED = [4, 9, 4, 9, 4, 11];
const PROMPTS = Array.from({ length: 10 }, (_, row) =>
  row >= 8 ? REPEATED : Array.from({ length: 3 + ((row * 7) % 9) }, (_, column) => 2 + ((row * 5 + column * 3) % 17)),
);

async function bothPaths(subject: TransformerModel, options: Omit<GenerateOptions, 'promptIds'>) {
  const base = { promptIds: PROMPTS, ...options };
  const fused = await generate(subject, { ...base, decodePath: 'fused' });
  const generic = await generate(subject, { ...base, decodePath: 'generic' });
  return { fused, generic };
}

function expectSame(fused: GenerationResult[], generic: GenerationResult[]): void {
  expect(fused.map((row) => row.outputIds)).toEqual(generic.map((row) => row.outputIds));
  expect(fused.map((row) => row.finishReason)).toEqual(generic.map((row) => row.finishReason));
  fused.forEach((row, index) => {
    const other = generic[index] as GenerationResult;
    row.logProbs.forEach((logProb, step) => {
      expect(Math.abs(logProb - (other.logProbs[step] as number))).toBeLessThan(1e-4);
      expect(Math.abs((row.entropies[step] as number) - (other.entropies[step] as number))).toBeLessThan(1e-4);
    });
  });
}

describe('generate: the fused decode step against TransformerModel.decode', () => {
  it('should sample the same tokens with the same log-probs for a Qwen2 model with a copy head', async () => {
    const subject = model({ copyHead: { keyDim: 8 } }, 3);
    expect(fusedDecodeUnsupported(subject)).toBeUndefined();
    // Past the cache's first block of 32 columns (it grows), rows stopping on token 1 (the batch compacts).
    const { fused, generic } = await bothPaths(subject, { maxNewTokens: 45, temperature: 0.7, seed: 5 });
    expectSame(fused, generic);
    expect(fused.some((row) => row.outputIds.length === 45)).toBe(true);
    const copied = fused.flatMap((row, index) => row.outputIds.filter((id) => PROMPTS[index]?.includes(id)));
    expect(copied.length).toBeGreaterThan(0);
  });

  it('should match greedy and top-p sampling for a Llama model with q/k/v and o biases', async () => {
    const subject = model({ modelType: 'llama', attentionBias: true }, 7);
    expect(subject.weights.layers[0]?.oBias).toBeDefined();
    const greedy = await bothPaths(subject, { maxNewTokens: 12, temperature: 0 });
    expectSame(greedy.fused, greedy.generic);
    const nucleus = await bothPaths(subject, { maxNewTokens: 12, temperature: 1.3, topP: 0.9, topK: 20, seed: 2 });
    expectSame(nucleus.fused, nucleus.generic);
  });

  it('should merge unmerged LoRA adapters into its weights', async () => {
    const subject = model({ copyHead: { keyDim: 8 } }, 11);
    const lora = subject.enableLora({
      rank: 4,
      targetModules: ['q_proj', 'v_proj', 'o_proj', 'gate_proj', 'down_proj'],
    });
    lora.adapters.forEach((perLayer, layer) => {
      Object.values(perLayer).forEach((adapter, target) => {
        adapter.b.assign(tf.randomNormal(adapter.b.shape, 0, 0.3, 'float32', 100 + layer * 10 + target));
      });
    });
    const { fused, generic } = await bothPaths(subject, { maxNewTokens: 16, temperature: 0.7, seed: 9 });
    expectSame(fused, generic);
  });

  it('should fall back to the generic step for Qwen3 (per-head q/k norms before RoPE)', async () => {
    const subject = model({ modelType: 'qwen3' }, 13);
    expect(fusedDecodeUnsupported(subject)).toMatch(/q\/k norms/);
    const { fused, generic } = await bothPaths(subject, { maxNewTokens: 8, temperature: 0.7, seed: 1 });
    expectSame(fused, generic);
  });

  it('should leave models above the size limit on the generic step (no second copy of their weights)', () => {
    const subject = model({}, 17);
    // Two layers of 6,912 matrix elements (hidden 32, intermediate 40) and a 120 × 32 LM head: 17,664.
    expect(fusedDecodeUnsupported(subject, 1_000)).toMatch(/weight elements are above 1000/);
    expect(fusedDecodeUnsupported(subject, FUSED_DECODE_MAX_ELEMENTS)).toBeUndefined();
  });
});

describe('generate: fused decode weights cached per weights version', () => {
  it('should reuse them between updates, rebuild them after one, and never decode with stale weights', async () => {
    const subject = model({ copyHead: { keyDim: 8 } }, 19);
    const first = await acquireFusedDecodeWeights(subject);
    const again = await acquireFusedDecodeWeights(subject);
    expect(first).toBeDefined();
    expect(again?.weights).toBe(first?.weights);
    first?.release();
    again?.release();
    const options = { maxNewTokens: 12, temperature: 0.7, seed: 4 };
    const before = await bothPaths(subject, options);
    expectSame(before.fused, before.generic);
    const tensors = tf.memory().numTensors;
    await generate(subject, { promptIds: PROMPTS, ...options });
    expect(tf.memory().numTensors).toBe(tensors);

    // An update, as an optimiser step makes it: every matrix and the copy head assigned new values.
    let seed = 50;
    for (const variable of subject.namedVariables().values()) {
      if (variable.shape.length !== 2) continue;
      seed += 1;
      const noiseSeed = seed;
      tf.tidy(() => variable.assign(tf.add(variable, tf.randomNormal(variable.shape, 0, 0.2, 'float32', noiseSeed))));
    }
    expect(subject.namedVariables().size).toBeGreaterThan(5);
    const after = await bothPaths(subject, options);
    // The fused path follows the new weights (the generic step reads the variables directly)...
    expectSame(after.fused, after.generic);
    // ... which decode differently, so weights kept from before the update would have failed the line above.
    const logProbsOf = (rows: GenerationResult[]) => rows.flatMap((row) => row.logProbs);
    const moved = logProbsOf(after.fused).some(
      (logProb, index) => Math.abs(logProb - (logProbsOf(before.fused)[index] ?? Number.NaN)) > 1e-3,
    );
    expect(moved || JSON.stringify(after.fused) !== JSON.stringify(before.fused)).toBe(true);
    const rebuilt = await acquireFusedDecodeWeights(subject);
    expect(rebuilt?.weights).not.toBe(first?.weights);
    // The replaced weights were freed (no user held them), and a rebuild does not grow memory.
    expect(first?.weights.head.isDisposed).toBe(true);
    rebuilt?.release();
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it('should remember that a model does not take the fused step until its weights change', async () => {
    const subject = model({ modelType: 'qwen3' }, 23);
    let builds = 0;
    const countingBuild = async (each: TransformerModel) => {
      builds += 1;
      return fusedDecodeWeights(each);
    };
    expect(await acquireFusedDecodeWeights(subject, countingBuild)).toBeUndefined();
    expect(await acquireFusedDecodeWeights(subject, countingBuild)).toBeUndefined();
    expect(builds).toBe(1);
    // A new weights version (one variable assigned) asks again, once.
    const [variable] = subject.namedVariables().values();
    if (!variable) throw new Error('the test model has no variables');
    tf.tidy(() => variable.assign(tf.add(variable, 0)));
    expect(await acquireFusedDecodeWeights(subject, countingBuild)).toBeUndefined();
    expect(await acquireFusedDecodeWeights(subject, countingBuild)).toBeUndefined();
    expect(builds).toBe(2);
  });
});
