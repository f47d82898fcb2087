import { variableFrom } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addInPlace } from './add-in-place';
import { effectiveLayerWeights } from './lora';
import { useTestBackend } from './test/test-backend';
import { createTransformerModel } from './transformer-model';

let backend = '';
beforeAll(async () => {
  backend = await useTestBackend();
});

const variableOf = (values: number[], shape: [number, number]) => variableFrom(tf.tensor2d(values, shape), true);

/** How many `InplaceAdd` ops tfjs-node ran during `run` (0 on other backends). */
function countInplaceAdds(run: () => void): number {
  const native = tf.backend() as unknown as { executeSingleOutput?: (name: string, ...rest: unknown[]) => unknown };
  const original = native.executeSingleOutput;
  if (!original) {
    run();
    return 0;
  }
  let count = 0;
  native.executeSingleOutput = function (this: unknown, name: string, ...rest: unknown[]) {
    if (name === 'InplaceAdd') count += 1;
    return original.call(this, name, ...rest);
  };
  try {
    run();
  } finally {
    native.executeSingleOutput = original;
  }
  return count;
}

describe('addInPlace', () => {
  it('adds the update (the same float32 sum as tf.add) and gives the variable a new data id, on native TensorFlow', () => {
    const variable = variableOf([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [3, 2]);
    const update = tf.tensor2d([1e-3, -2, 0.7, 0.05, 3.25, -0.6], [3, 2]);
    const expected = tf.add(variable, update).dataSync();
    const before = variable.dataId;
    const bytes = tf.memory().numBytes;
    const done = addInPlace(variable, update);
    expect(done).toBe(backend === 'tensorflow');
    if (done) {
      expect(Array.from(variable.dataSync())).toEqual(Array.from(expected));
      expect(variable.dataId).not.toBe(before);
      // No tensor of the variable's size was kept (the sum lives in the variable's own memory).
      expect(tf.memory().numBytes).toBe(bytes);
    } else {
      expect(Array.from(variable.dataSync())).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6].map(Math.fround));
    }
    tf.dispose([variable, update]);
  });

  it('refuses, changing nothing, when another tensor shares the buffer or the shapes differ', () => {
    const variable = variableOf([1, 2, 3, 4], [2, 2]);
    const sharer = tf.clone(variable);
    const update = tf.ones([2, 2]);
    expect(addInPlace(variable, update)).toBe(false);
    expect(Array.from(sharer.dataSync())).toEqual([1, 2, 3, 4]);
    expect(Array.from(variable.dataSync())).toEqual([1, 2, 3, 4]);
    sharer.dispose();
    const wrongShape = tf.ones([4, 1]);
    expect(addInPlace(variable, wrongShape)).toBe(false);
    expect(Array.from(variable.dataSync())).toEqual([1, 2, 3, 4]);
    tf.dispose([variable, update, wrongShape]);
  });
});

describe('mergeAndUnloadLora folds each matrix into its own memory', () => {
  it('gives every adapted matrix exactly W + scale·B·A, as effectiveLayerWeights forms it', () => {
    const config = {
      vocabSize: 40,
      hiddenSize: 24,
      intermediateSize: 32,
      numHiddenLayers: 2,
      numAttentionHeads: 4,
      numKeyValueHeads: 2,
      eosTokenIds: [1],
    };
    const model = createTransformerModel({ config, seed: 5, initStd: 0.3 });
    const state = model.enableLora({
      rank: 2,
      targetModules: ['q_proj', 'v_proj', 'o_proj', 'gate_proj', 'down_proj'],
    });
    tf.tidy(() => {
      state.adapters.forEach((perLayer, layer) => {
        Object.values(perLayer).forEach((adapter, target) => {
          adapter.b.assign(tf.randomNormal(adapter.b.shape, 0, 0.2, 'float32', 10 * layer + target));
        });
      });
    });
    const expected = model.weights.layers.map((layer, index) =>
      tf.tidy(() => {
        const weights = effectiveLayerWeights(layer, index, state, model.config);
        return [weights.qkvWeight, weights.oWeight, weights.gateUpWeight, weights.downWeight].map((weight) =>
          Array.from(weight.dataSync()),
        );
      }),
    );
    const matrices = model.weights.layers.flatMap((layer) => [layer.qkvWeight, layer.oWeight]);
    const idsBefore = matrices.map((matrix) => matrix.dataId);
    const inPlace = countInplaceAdds(() => model.mergeAndUnloadLora());
    // On native TensorFlow all 8 adapted matrices (q/k/v, o, gate/up, down of 2 layers) are added into in place.
    expect(inPlace).toBe(backend === 'tensorflow' ? 8 : 0);
    model.weights.layers.forEach((layer, index) => {
      const merged = [layer.qkvWeight, layer.oWeight, layer.gateUpWeight, layer.downWeight].map((weight) =>
        Array.from(weight.dataSync()),
      );
      expect(merged).toEqual(expected[index]);
    });
    // Every adapted matrix has a new version (data id), in place or assigned.
    matrices.forEach((matrix, index) => {
      expect(matrix.dataId).not.toBe(idsBefore[index]);
    });
    model.dispose();
  });
});
