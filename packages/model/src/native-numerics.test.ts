import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { generate } from './generate';
import { COMPARISON_ROWS, relativeDifference } from './test/backend-comparison';
import { useTestBackend } from './test/test-backend';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { type BackendAttempt, loadNativeBackend } from './tf-backend';
import { createTransformerModel, type TransformerModel } from './transformer-model';

// Native TensorFlow (oneDNN kernels) and wasm (XNNPACK) sum in different orders, so results agree to
// float32 rounding, not bit for bit. Tolerances are relative to the largest magnitude compared.
const RELATIVE_TOLERANCE = 1e-4;

let wasmBackend: string;
let native: BackendAttempt;
let model: TransformerModel;
beforeAll(async () => {
  wasmBackend = await useTestBackend('wasm');
  native = await loadNativeBackend();
  await tf.setBackend(wasmBackend);
  model = createTransformerModel({ config: { ...TINY_TRANSFORMER_CONFIG, vocabSize: 300 }, seed: 11, initStd: 0.3 });
});
afterAll(() => model.dispose());

function skipWithoutNative(context: TestContext): void {
  if (wasmBackend !== 'wasm') context.skip(`wasm did not load (got ${wasmBackend})`);
  if (!native.ready) context.skip(`native TensorFlow unavailable: ${native.detail}; run pnpm setup:native`);
}

/** Run `compute` on `backend`, returning plain arrays so nothing stays bound to it. */
async function on(backend: string, compute: () => tf.Tensor[]): Promise<Float32Array[]> {
  await tf.setBackend(backend);
  const tensors = compute();
  const values = await Promise.all(tensors.map(async (tensor) => Float32Array.from(await tensor.data())));
  tf.dispose(tensors);
  return values;
}

const rows = COMPARISON_ROWS;

describe('native TensorFlow against wasm', () => {
  it('should give the same logits, log-probs and entropies of a padded batch', async (context) => {
    skipWithoutNative(context);
    const compute = () =>
      tf.tidy(() => {
        const { ids, mask } = paddedBatch(rows);
        const scores = model.scoreSequences(ids, mask, { withEntropy: true });
        return [model.forwardLogits(ids, mask), scores.logProbs, scores.entropies as tf.Tensor];
      });
    const onWasm = await on('wasm', compute);
    const onNative = await on('tensorflow', compute);
    for (const [index, name] of ['logits', 'logProbs', 'entropies'].entries()) {
      expect(relativeDifference(onWasm[index]!, onNative[index]!), name).toBeLessThan(RELATIVE_TOLERANCE);
    }
  });

  it('should give the same loss gradients', async (context) => {
    skipWithoutNative(context);
    const compute = () =>
      tf.tidy(() => {
        const { ids, mask } = paddedBatch(rows);
        const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), model.policyVariables());
        return [value, ...Object.values(grads)];
      });
    const onWasm = await on('wasm', compute);
    const onNative = await on('tensorflow', compute);
    expect(onNative).toHaveLength(onWasm.length);
    for (const [index, values] of onWasm.entries()) {
      expect(relativeDifference(values, onNative[index]!), `tensor ${index}`).toBeLessThan(RELATIVE_TOLERANCE);
    }
  });

  it('should generate the same greedy tokens with the key/value cache', async (context) => {
    skipWithoutNative(context);
    const promptIds = rows.map((row) => row.slice(0, 4));
    const options = { promptIds, maxNewTokens: 12, stopTokenIds: [], temperature: 0, seed: 1 };
    await tf.setBackend('wasm');
    const onWasm = await generate(model, options);
    await tf.setBackend('tensorflow');
    const onNative = await generate(model, options);
    expect(onNative.map((result) => result.outputIds)).toEqual(onWasm.map((result) => result.outputIds));
  });
});
