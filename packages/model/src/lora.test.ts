import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './test/test-backend';
import { createTransformerModel } from './transformer-model';

const CONFIG = {
  vocabSize: 40,
  hiddenSize: 24,
  intermediateSize: 32,
  numHiddenLayers: 2,
  numAttentionHeads: 4,
  numKeyValueHeads: 2,
  eosTokenIds: [1],
};

const ids = () => tf.tensor2d([[3, 7, 11, 2, 9]], undefined, 'int32');
const mask = () => tf.ones([1, 5], 'int32') as tf.Tensor2D;

beforeAll(async () => {
  await useTestBackend();
});

describe('TransformerModel.enableLora', () => {
  it('should leave outputs unchanged while B is zero, and expose only adapters as policy variables', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 1, initStd: 0.3 });
    const before = model.forwardLogits(ids(), mask()).arraySync();
    const state = model.enableLora({ rank: 4, alpha: 8, targetModules: ['q_proj', 'v_proj', 'down_proj'] });
    expect(model.forwardLogits(ids(), mask()).arraySync()).toEqual(before);
    expect(model.policyVariables()).toHaveLength(2 * 3 * 2);
    expect(state.scale).toBe(2);
    model.dispose();
  });

  it('should change outputs once B is non-zero, and merge / unmerge round-trip exactly', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 1, initStd: 0.3 });
    const baseWeights = model.weights.layers[0]?.qkvWeight.arraySync();
    const base = model.forwardLogits(ids(), mask());
    const state = model.enableLora({ rank: 2, targetModules: ['q_proj', 'k_proj', 'o_proj', 'gate_proj'] });
    for (const perLayer of state.adapters) {
      for (const adapter of Object.values(perLayer)) adapter.b.assign(tf.fill(adapter.b.shape, 0.05));
    }
    const adapted = model.forwardLogits(ids(), mask());
    expect(tf.max(tf.abs(tf.sub(adapted, base))).dataSync()[0]).toBeGreaterThan(1e-3);
    model.mergeLora();
    expect(model.weights.layers[0]?.qkvWeight.arraySync()).not.toEqual(baseWeights);
    const merged = model.forwardLogits(ids(), mask());
    expect(tf.max(tf.abs(tf.sub(merged, adapted))).dataSync()[0]).toBeLessThan(1e-4);
    model.unmergeLora();
    expect(model.weights.layers[0]?.qkvWeight.arraySync()).toEqual(baseWeights);
    expect(model.forwardLogits(ids(), mask()).arraySync()).toEqual(adapted.arraySync());
    model.dispose();
  });

  it('should merge and unload in place: the adapted outputs, every weight trainable, no base copy left behind', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 3, initStd: 0.3 });
    const [inputIds, inputMask] = [ids(), mask()];
    const plain = tf.memory();
    const state = model.enableLora({ rank: 2, targetModules: ['q_proj', 'v_proj', 'o_proj', 'up_proj', 'down_proj'] });
    tf.tidy(() => {
      for (const perLayer of state.adapters) {
        for (const adapter of Object.values(perLayer)) adapter.b.assign(tf.fill(adapter.b.shape, 0.05));
      }
    });
    const adapted = model.forwardLogits(inputIds, inputMask);
    model.mergeAndUnloadLora();
    const gap = tf.tidy(() => tf.max(tf.abs(tf.sub(model.forwardLogits(inputIds, inputMask), adapted))).dataSync()[0]);
    expect(gap).toBeLessThan(1e-4);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(model.loraState).toBeUndefined();
    expect(model.policyVariables().every((variable) => variable.trainable)).toBe(true);
    adapted.dispose();
    // Exactly the plain model's tensors and bytes: no saved base matrix and no adapter survives the unload.
    expect(tf.memory().numTensors).toBe(plain.numTensors);
    expect(tf.memory().numBytes).toBe(plain.numBytes);
    tf.dispose([inputIds, inputMask]);
    model.dispose();
  });

  it('should merge and unload without a copy of the base: the peak grows by one layer of temporaries, not by a copy of every layer', async () => {
    const model = createTransformerModel({ config: { ...CONFIG, numHiddenLayers: 6 }, seed: 4, initStd: 0.3 });
    model.enableLora({
      rank: 2,
      targetModules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj'],
    });
    const layer = model.weights.layers[0];
    const layerBytes =
      4 *
      [layer?.qkvWeight, layer?.oWeight, layer?.gateUpWeight, layer?.downWeight].reduce(
        (sum, weight) => sum + (weight?.size ?? 0),
        0,
      );
    const before = tf.memory().numBytes;
    const profile = await tf.profile(() => model.mergeAndUnloadLora());
    // Keeping the base (what merge-and-unload did before) holds a copy of all 6 layers' matrices at the end.
    expect(profile.peakBytes - before).toBeLessThan(6 * layerBytes);
    expect(profile.peakBytes - before).toBeGreaterThan(0);
    model.dispose();
  });

  it('should train only the adapters', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 2, initStd: 0.3 });
    model.enableLora({ rank: 2 });
    const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids(), mask()), model.policyVariables());
    expect(Object.keys(grads)).toHaveLength(model.policyVariables().length);
    const bGradients = model.loraState?.adapters.flatMap((perLayer) =>
      Object.values(perLayer).map((adapter) => grads[adapter.b.name]),
    );
    expect(bGradients?.some((gradient) => (tf.max(tf.abs(gradient as tf.Tensor)).dataSync()[0] as number) > 0)).toBe(
      true,
    );
    tf.dispose([value, grads]);
    model.dispose();
  });
});

describe('TransformerModel.createReferenceCopy', () => {
  it('should be a frozen copy of the current policy that does not follow later updates', () => {
    const model = createTransformerModel({ config: CONFIG, seed: 4, initStd: 0.3, valueHead: true });
    model.enableLora({ rank: 2 });
    for (const adapter of Object.values(model.loraState?.adapters[0] ?? {}))
      adapter.b.assign(tf.fill(adapter.b.shape, 0.1));
    const reference = model.createReferenceCopy();
    const policyLogits = model.forwardLogits(ids(), mask());
    expect(tf.max(tf.abs(tf.sub(reference.forwardLogits(ids(), mask()), policyLogits))).dataSync()[0]).toBeLessThan(
      1e-4,
    );
    expect(reference.policyVariables()).toEqual([]);
    expect(reference.hasValueHead).toBe(false);
    expect(model.loraState?.mergedBase).toBeUndefined();
    model.weights.embedTokens.assign(tf.zerosLike(model.weights.embedTokens));
    expect(tf.max(tf.abs(tf.sub(reference.forwardLogits(ids(), mask()), policyLogits))).dataSync()[0]).toBeLessThan(
      1e-4,
    );
    reference.dispose();
    model.dispose();
  });
});

describe('TransformerModel.enableLora (frozen base weights)', () => {
  it('should freeze the base weights and skip their gradients, with the same adapter gradients', async () => {
    const model = createTransformerModel({ config: CONFIG, seed: 2, initStd: 0.3 });
    model.enableLora({ rank: 4, targetModules: ['q_proj', 'v_proj'] });
    for (const adapter of model.policyVariables()) adapter.assign(tf.fill(adapter.shape, 0.03));
    const base = [...model.namedVariables()].filter(([name]) => !name.startsWith('lora.')).map(([, v]) => v);
    expect(base.every((variable) => !variable.trainable)).toBe(true);
    const backward = async () => {
      let gradients: number[][] = [];
      const profile = await tf.profile(() => {
        const { value, grads } = tf.variableGrads(
          () => model.languageModelLoss(ids(), mask()),
          model.policyVariables(),
        );
        gradients = Object.values(grads).map((gradient) => Array.from(gradient.dataSync()));
        tf.dispose([value, grads]);
      });
      const matmuls = profile.kernels.filter((kernel) => /MatMul/.test(kernel.name)).length;
      return { gradients, matmuls };
    };
    const frozen = await backward();
    for (const variable of base) variable.trainable = true;
    const trainable = await backward();
    expect(frozen.gradients).toHaveLength(trainable.gradients.length);
    for (const [index, gradient] of frozen.gradients.entries()) {
      const reference = trainable.gradients[index] as number[];
      const difference = Math.max(
        ...gradient.map((value, position) => Math.abs(value - (reference[position] as number))),
      );
      expect(difference).toBeLessThan(1e-6);
    }
    // wasm and cpu compute every input's gradient inside a custom gradient, so freezing removes matmuls
    // (dW of o_proj, gate/up, down and the tied head); native TensorFlow's tape already skipped them.
    if (tf.getBackend() === 'tensorflow') expect(frozen.matmuls).toBeLessThanOrEqual(trainable.matmuls);
    else expect(frozen.matmuls).toBeLessThan(trainable.matmuls);
    model.dispose();
  });
});
