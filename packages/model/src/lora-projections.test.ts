import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoraTarget } from './lora';
import { useTestBackend } from './test/test-backend';
import { createTransformerModel, type TransformerModel } from './transformer-model';

const ALL_TARGETS: LoraTarget[] = ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj'];

beforeAll(async () => {
  await useTestBackend();
});

const ids = () => tf.tensor2d([[3, 7, 11, 2, 9, 5]], undefined, 'int32');
const mask = () => tf.ones([1, 6], 'int32') as tf.Tensor2D;

function maxDifference(a: tf.Tensor, b: tf.Tensor): number {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(a, b))).dataSync()[0] as number);
}

/** A model with adapters on `targets` whose B is non-zero (seeded), so the adapters change the outputs. */
function adaptedModel(targets: LoraTarget[]): TransformerModel {
  const model = createTransformerModel({
    config: {
      vocabSize: 40,
      hiddenSize: 24,
      intermediateSize: 32,
      numHiddenLayers: 2,
      numAttentionHeads: 4,
      numKeyValueHeads: 2,
      eosTokenIds: [1],
      attentionBias: true,
    },
    seed: 3,
    initStd: 0.3,
  });
  const state = model.enableLora({ rank: 3, alpha: 6, targetModules: targets });
  let seed = 11;
  for (const perLayer of state.adapters) {
    for (const adapter of Object.values(perLayer)) {
      adapter.b.assign(tf.randomNormal(adapter.b.shape, 0, 0.2, 'float32', seed++));
    }
  }
  return model;
}

describe('LoRA projections (x·Wᵀ + scale·(x·Aᵀ)·Bᵀ, no dense update)', () => {
  it.each([[['q_proj', 'v_proj', 'down_proj']], [ALL_TARGETS]] as LoraTarget[][][])(
    'should give the dense W + scale·B·A logits and its A/B gradients (targets %j)',
    (targets) => {
      const model = adaptedModel(targets);
      const state = model.loraState;
      if (!state) throw new Error('no LoRA state');
      const adapted = model.forwardLogits(ids(), mask());
      const adapterGradients = tf.variableGrads(() => model.languageModelLoss(ids(), mask()), model.policyVariables());

      // The reference: merged weights W' = W + scale·B·A, and dL/dW' from them; then dL/dB = scale·G·Aᵀ, dL/dA = scale·Bᵀ·G.
      model.mergeLora();
      const merged = model.forwardLogits(ids(), mask());
      const layer = model.weights.layers[1];
      if (!layer) throw new Error('no layer 1');
      const dense = [layer.qkvWeight, layer.oWeight, layer.gateUpWeight, layer.downWeight];
      for (const variable of dense) variable.trainable = true;
      const denseGradients = tf.variableGrads(() => model.languageModelLoss(ids(), mask()), dense);
      const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim } = model.config;
      const dq = numAttentionHeads * headDim;
      const dkv = numKeyValueHeads * headDim;
      const rowsOf: Record<LoraTarget, [tf.Variable, number, number]> = {
        q_proj: [layer.qkvWeight, 0, dq],
        k_proj: [layer.qkvWeight, dq, dkv],
        v_proj: [layer.qkvWeight, dq + dkv, dkv],
        o_proj: [layer.oWeight, 0, h],
        gate_proj: [layer.gateUpWeight, 0, inter],
        up_proj: [layer.gateUpWeight, inter, inter],
        down_proj: [layer.downWeight, 0, h],
      };
      let checked = 0;
      for (const target of targets) {
        const adapter = state.adapters[1]?.[target];
        if (!adapter) throw new Error(`no adapter ${target}`);
        const [variable, start, rows] = rowsOf[target];
        const full = denseGradients.grads[variable.name] as tf.Tensor2D;
        const gradient = tf.slice(full, [start, 0], [rows, full.shape[1]]);
        const expectedB = tf.mul(tf.matMul(gradient, adapter.a, false, true), state.scale);
        const expectedA = tf.mul(tf.matMul(adapter.b, gradient, true, false), state.scale);
        const scaleOf = (tensor: tf.Tensor) => Math.max(1e-3, tf.max(tf.abs(tensor)).dataSync()[0] as number);
        expect(scaleOf(expectedB)).toBeGreaterThan(1e-3);
        expect(maxDifference(adapterGradients.grads[adapter.b.name] as tf.Tensor, expectedB)).toBeLessThan(
          1e-4 * scaleOf(expectedB) + 1e-6,
        );
        expect(maxDifference(adapterGradients.grads[adapter.a.name] as tf.Tensor, expectedA)).toBeLessThan(
          1e-4 * scaleOf(expectedA) + 1e-6,
        );
        checked += 1;
        tf.dispose([gradient, expectedA, expectedB]);
      }
      expect(checked).toBe(targets.length);
      expect(maxDifference(merged, adapted)).toBeLessThan(1e-4);
      tf.dispose([adapted, merged, adapterGradients.value, denseGradients.value]);
      tf.dispose([Object.values(adapterGradients.grads), Object.values(denseGradients.grads)]);
      model.dispose();
    },
  );

  it('should form no weight-sized tensor in the forward or backward pass (no W + scale·B·A, no B·A, no frozen dW)', async () => {
    const model = createTransformerModel({
      config: {
        vocabSize: 16,
        hiddenSize: 64,
        intermediateSize: 96,
        numHiddenLayers: 2,
        numAttentionHeads: 4,
        numKeyValueHeads: 2,
        eosTokenIds: [1],
      },
      seed: 5,
      initStd: 0.05,
    });
    model.enableLora({ rank: 4, targetModules: ALL_TARGETS });
    const layer = model.weights.layers[0];
    if (!layer) throw new Error('no layer 0');
    // Every adapted matrix's shape, and its parts' (q, k/v, gate/up), either way round.
    const { hiddenSize: h, intermediateSize: inter, numAttentionHeads, numKeyValueHeads, headDim } = model.config;
    const shapes = [
      ...[layer.qkvWeight, layer.oWeight, layer.gateUpWeight, layer.downWeight].map((variable) => variable.shape),
      [numAttentionHeads * headDim, h],
      [numKeyValueHeads * headDim, h],
      [inter, h],
    ].flatMap(([rows, columns]) => [`${rows},${columns}`, `${columns},${rows}`]);
    const profile = await tf.profile(() => {
      const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids(), mask()), model.policyVariables());
      tf.dispose([value, Object.values(grads)]);
    });
    model.dispose();
    // The tape's saved inputs are Identity kernels that share memory; the dense update would be made by arithmetic.
    const arithmetic = profile.kernels.filter((kernel) => /MatMul|Add|Sub|Mul|Concat|Fill|Zeros/.test(kernel.name));
    expect(arithmetic.length).toBeGreaterThan(20);
    const weightSized = arithmetic.filter((kernel) =>
      kernel.outputShapes.some((shape) => shape !== undefined && shapes.includes(shape.join(','))),
    );
    expect(weightSized.map((kernel) => `${kernel.name} ${JSON.stringify(kernel.outputShapes)}`)).toEqual([]);
  });
});
