import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { generate } from './generate';
import { COMPARISON_ROWS, relativeDifference } from './test/backend-comparison';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';
import { loadWebGpuBackend, type WebGpuAttempt } from './webgpu-backend';

// Runs where the two WebGPU packages and a Vulkan adapter are present (RLVER_WEBGPU_MODULES, see
// packages/model/README.md "GPU through WebGPU"); skipped, with the reason, elsewhere (CI has neither).
// Everything is computed on cpu first, then on webgpu: a tensor once on webgpu cannot move back in Node
// (tfjs moves data with a synchronous read, which needs OffscreenCanvas there).
const RELATIVE_TOLERANCE = 2e-4;

let webgpu: WebGpuAttempt;
let model: TransformerModel;
beforeAll(async () => {
  await import('@tensorflow/tfjs-backend-cpu');
  await tf.setBackend('cpu');
  model = createTransformerModel({ config: { ...TINY_TRANSFORMER_CONFIG, vocabSize: 300 }, seed: 11, initStd: 0.3 });
});
afterAll(() => model.dispose());

const rows = COMPARISON_ROWS;

/** Logits, log-probs, the loss and its gradients (the embedding's included), as plain arrays. */
async function forwardAndGradients(): Promise<Float32Array[]> {
  const tensors = tf.tidy(() => {
    const { ids, mask } = paddedBatch(rows);
    const scores = model.scoreSequences(ids, mask, { withEntropy: true });
    const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), model.policyVariables());
    return [model.forwardLogits(ids, mask), scores.logProbs, value, ...Object.values(grads)];
  });
  const values = await Promise.all(tensors.map(async (tensor) => Float32Array.from(await tensor.data())));
  tf.dispose(tensors);
  return values;
}

describe('webgpu against cpu', () => {
  it('should give the same logits, loss gradients and greedy tokens (key/value cache written in place)', async (context: TestContext) => {
    const generation = {
      promptIds: rows.map((row) => row.slice(0, 4)),
      maxNewTokens: 12,
      stopTokenIds: [],
      temperature: 0,
      seed: 1,
    };
    const onCpu = await forwardAndGradients();
    const tokensOnCpu = (await generate(model, generation)).map((result) => result.outputIds);
    webgpu = await loadWebGpuBackend();
    if (!webgpu.ready) {
      context.skip(`WebGPU unavailable: ${webgpu.detail}`);
      return;
    }
    expect(tf.getBackend()).toBe('webgpu');
    const onGpu = await forwardAndGradients();
    expect(onGpu).toHaveLength(onCpu.length);
    for (const [index, values] of onCpu.entries()) {
      expect(relativeDifference(values, onGpu[index] as Float32Array), `tensor ${index}`).toBeLessThan(
        RELATIVE_TOLERANCE,
      );
    }
    const tokensOnGpu = (await generate(model, generation)).map((result) => result.outputIds);
    expect(tokensOnGpu).toEqual(tokensOnCpu);
    expect(tokensOnGpu.flat().length).toBe(rows.length * 12);
  }, 300_000);
});
