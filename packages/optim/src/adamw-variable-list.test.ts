import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdamW, variablesByIndex } from './adamw';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('createAdamW over a fixed variable list (the RL algorithms)', () => {
  it('should move each weight by lr · sign(g) on the first step (bias-corrected Adam)', () => {
    const weights = tf.variable(tf.tensor1d([1, 1]), true, 'adamw-test/sign');
    const optimizer = createAdamW({ learningRate: 0.1, epsilon: 1e-12, weightDecay: 0 });
    optimizer.applyGradients({ [weights.name]: tf.tensor1d([3, -0.5]) });
    const [first, second] = Array.from(weights.dataSync());
    expect(first).toBeCloseTo(0.9, 5);
    expect(second).toBeCloseTo(1.1, 5);
    expect(optimizer.step).toBe(1);
    optimizer.dispose();
    weights.dispose();
  });

  it('should apply decoupled weight decay lr · λ · w and honour a changed learning rate', () => {
    const weights = tf.variable(tf.tensor1d([2]), true, 'adamw-test/decay');
    const optimizer = createAdamW({ learningRate: 1, weightDecay: 0.1 });
    optimizer.learningRate = 0.5;
    optimizer.applyGradients({ [weights.name]: tf.tensor1d([0]) });
    // zero gradient: only decay acts: 2 · (1 − 0.5 · 0.1) = 1.9
    expect(weights.dataSync()[0]).toBeCloseTo(1.9, 5);
    optimizer.dispose();
    weights.dispose();
  });

  it('should round-trip its state so a restored optimizer continues identically', async () => {
    const make = (name: string) => tf.variable(tf.tensor1d([0.5, -0.5]), true, name);
    const original = make('adamw-test/a');
    const restored = make('adamw-test/b');
    const first = createAdamW({ learningRate: 0.01, weightDecay: 0 });
    first.applyGradients({ [original.name]: tf.tensor1d([1, 2]) });
    restored.assign(original);
    const second = createAdamW({ learningRate: 0.01, weightDecay: 0 });
    second.importState(await first.exportState(variablesByIndex([original])), variablesByIndex([restored]));
    first.applyGradients({ [original.name]: tf.tensor1d([-1, 0.5]) });
    second.applyGradients({ [restored.name]: tf.tensor1d([-1, 0.5]) });
    expect(Array.from(restored.dataSync())).toEqual(Array.from(original.dataSync()));
    expect(second.step).toBe(2);
    const empty = { step: 1, learningRate: 0.01, tensors: [] };
    expect(() => second.importState(empty, variablesByIndex([restored]), 'state.json', { requireAll: true })).toThrow(
      /load a state saved for the same model/,
    );
    const wrongShape = {
      step: 1,
      learningRate: 0.01,
      tensors: ['m/0', 'v/0'].map((name) => ({ name, shape: [1, 2], data: new Float32Array(2) })),
    };
    expect(() => second.importState(wrongShape, variablesByIndex([restored]), 'state.json')).toThrow(
      /has shape \[1,2\] but variable "0".*has \[2\]/,
    );
    first.dispose();
    second.dispose();
    tf.dispose([original, restored]);
  });

  it('should not leak tensors across steps', () => {
    const weights = tf.variable(tf.tensor1d([1, 2, 3]), true, 'adamw-test/leak');
    const optimizer = createAdamW({ learningRate: 0.1, weightDecay: 0.01 });
    const gradient = tf.tensor1d([1, 1, 1]);
    optimizer.applyGradients({ [weights.name]: gradient });
    const before = tf.memory().numTensors;
    for (let step = 0; step < 3; step += 1) optimizer.applyGradients({ [weights.name]: gradient });
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose([gradient, weights]);
    optimizer.dispose();
  });
});
