import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './test/test-backend';
import { createTransformerModel, type TransformerModel } from './transformer-model';

beforeAll(async () => {
  await useTestBackend();
});

const CONFIG = {
  vocabSize: 40,
  hiddenSize: 32,
  intermediateSize: 48,
  numHiddenLayers: 4,
  numAttentionHeads: 4,
  numKeyValueHeads: 2,
  eosTokenIds: [1],
  attentionBias: true,
};

function batch(rows: number, length: number): { ids: tf.Tensor2D; mask: tf.Tensor2D } {
  const ids = tf.tensor2d(
    Array.from({ length: rows }, (_, row) => Array.from({ length }, (_, column) => (row * 7 + column * 3) % 37)),
    undefined,
    'int32',
  );
  // The second row is padded: the mask kept for the backward pass must be the right one.
  const mask = tf.tensor2d(
    Array.from({ length: rows }, (_, row) => Array.from({ length }, (_, column) => (row === 1 && column > 5 ? 0 : 1))),
    undefined,
    'int32',
  );
  return { ids, mask };
}

/** Loss and every policy variable's gradient, with layers checkpointed or not. */
function lossAndGradients(model: TransformerModel, checkpoint: boolean): { loss: number; gradients: Float32Array[] } {
  model.checkpointLayers = checkpoint;
  const { ids, mask } = batch(2, 9);
  const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), model.policyVariables());
  const result = {
    loss: value.dataSync()[0] as number,
    gradients: model
      .policyVariables()
      .map((variable) => (grads[variable.name] as tf.Tensor).dataSync() as Float32Array),
  };
  tf.dispose([value, Object.values(grads), ids, mask]);
  return result;
}

function expectSame(actual: { loss: number; gradients: Float32Array[] }, expected: typeof actual): void {
  expect(actual.loss).toBeCloseTo(expected.loss, 5);
  expect(actual.gradients).toHaveLength(expected.gradients.length);
  let nonZero = 0;
  expected.gradients.forEach((gradient, index) => {
    const other = actual.gradients[index] as Float32Array;
    const scale = Math.max(1e-6, ...Array.from(gradient, Math.abs));
    if (scale > 1e-6) nonZero += 1;
    const worst = gradient.reduce(
      (max, value, position) => Math.max(max, Math.abs(value - (other[position] as number))),
      0,
    );
    expect(worst).toBeLessThan(1e-4 * scale + 1e-7);
  });
  expect(nonZero).toBeGreaterThan(expected.gradients.length / 2);
}

describe('checkpointed decoder layers (gradient checkpointing)', () => {
  it('should give the same loss and LoRA gradients as the plain backward pass, and leak no tensor', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 7, initStd: 0.3 });
    const state = model.enableLora({ rank: 4, targetModules: ['q_proj', 'v_proj', 'o_proj', 'up_proj', 'down_proj'] });
    for (const perLayer of state.adapters) {
      for (const adapter of Object.values(perLayer))
        adapter.b.assign(tf.randomNormal(adapter.b.shape, 0, 0.1, 'float32', 3));
    }
    const plain = lossAndGradients(model, false);
    const before = tf.memory().numTensors;
    const checkpointed = lossAndGradients(model, true);
    expect(tf.memory().numTensors).toBe(before);
    expectSame(checkpointed, plain);
    // The engine's tape is whole again: a plain step after a checkpointed one still works.
    expectSame(lossAndGradients(model, false), plain);
    model.dispose();
  });

  it('should give the same gradients of every weight in full fine-tuning', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 8, initStd: 0.3 });
    expectSame(lossAndGradients(model, true), lossAndGradients(model, false));
    model.dispose();
  });

  it('should hold far less memory at the peak of a backward pass', async () => {
    const model = createTransformerModel({
      config: { ...CONFIG, numHiddenLayers: 8, intermediateSize: 256 },
      seed: 9,
      initStd: 0.1,
    });
    model.enableLora({ rank: 4, targetModules: ['q_proj', 'v_proj', 'gate_proj', 'down_proj'] });
    const { ids, mask } = batch(4, 64);
    const peakOf = async (checkpoint: boolean) => {
      model.checkpointLayers = checkpoint;
      const start = tf.memory().numBytes;
      const profile = await tf.profile(() => {
        const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), model.policyVariables());
        tf.dispose([value, Object.values(grads)]);
      });
      return profile.peakBytes - start;
    };
    const plain = await peakOf(false);
    const checkpointed = await peakOf(true);
    tf.dispose([ids, mask]);
    model.dispose();
    expect(checkpointed).toBeLessThan(0.4 * plain);
  });
});
