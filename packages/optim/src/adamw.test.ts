import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdamW } from './adamw';
import { clipGradientsByGlobalNorm } from './clip-by-global-norm';
import { ensureGradientsRegistered } from './ensure-gradients-registered';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await ensureGradientsRegistered();
});

/** Reference AdamW (PyTorch semantics) in plain numbers. */
function referenceAdamW(
  start: number[],
  gradient: (parameters: number[]) => number[],
  options: { learningRates: number[]; beta1: number; beta2: number; epsilon: number; weightDecay: number },
): number[] {
  let parameters = [...start];
  let m = start.map(() => 0);
  let v = start.map(() => 0);
  options.learningRates.forEach((learningRate, index) => {
    const step = index + 1;
    const g = gradient(parameters);
    m = m.map((value, i) => options.beta1 * value + (1 - options.beta1) * (g[i] as number));
    v = v.map((value, i) => options.beta2 * value + (1 - options.beta2) * (g[i] as number) ** 2);
    parameters = parameters.map((p, i) => {
      const decayed = p * (1 - learningRate * options.weightDecay);
      const mHat = (m[i] as number) / (1 - options.beta1 ** step);
      const vHat = (v[i] as number) / (1 - options.beta2 ** step);
      return decayed - (learningRate * mHat) / (Math.sqrt(vHat) + options.epsilon);
    });
  });
  return parameters;
}

describe('createAdamW', () => {
  it('should take the hand-computed first step on f(x) = x² (a step of exactly lr against the gradient sign)', () => {
    const x = tf.variable(tf.tensor1d([3, -2]));
    const optimizer = createAdamW({ learningRate: 0.1, weightDecay: 0 });
    const { value, grads } = tf.variableGrads(() => tf.sum(tf.square(x)) as tf.Scalar, [x]);
    optimizer.applyGradients(grads);
    // m̂ = g, v̂ = g², so the update is lr · g / (|g| + ε) ≈ lr · sign(g).
    const [first, second] = Array.from(x.dataSync());
    expect(first).toBeCloseTo(2.9, 6);
    expect(second).toBeCloseTo(-1.9, 6);
    tf.dispose([value, grads, x]);
    optimizer.dispose();
  });

  it('should match a reference implementation over steps with weight decay and a changing learning rate', () => {
    const start = [1.5, -0.5, 0.25];
    const scales = [1, 3, 0.5];
    const learningRates = [0.05, 0.04, 0.03, 0.02, 0.01];
    const x = tf.variable(tf.tensor1d(start));
    const optimizer = createAdamW({ learningRate: 0, betas: [0.8, 0.95], epsilon: 1e-6, weightDecay: 0.1 });
    for (const learningRate of learningRates) {
      optimizer.learningRate = learningRate;
      const { value, grads } = tf.variableGrads(() => tf.sum(tf.mul(tf.square(x), scales)) as tf.Scalar, [x]);
      optimizer.applyGradients(grads);
      tf.dispose([value, grads]);
    }
    const expected = referenceAdamW(start, (p) => p.map((value, i) => 2 * (scales[i] as number) * value), {
      learningRates,
      beta1: 0.8,
      beta2: 0.95,
      epsilon: 1e-6,
      weightDecay: 0.1,
    });
    Array.from(x.dataSync()).forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] as number, 5);
    });
    expect(optimizer.step).toBe(5);
    x.dispose();
    optimizer.dispose();
  });

  it('should continue identically after exporting and importing its state', async () => {
    const run = (optimizer: ReturnType<typeof createAdamW>, x: tf.Variable) => {
      const { value, grads } = tf.variableGrads(() => tf.sum(tf.pow(x, 4)) as tf.Scalar, [x]);
      optimizer.applyGradients(grads);
      tf.dispose([value, grads]);
    };
    const x = tf.variable(tf.tensor1d([1, 2]));
    const optimizer = createAdamW({ learningRate: 0.01 });
    run(optimizer, x);
    run(optimizer, x);
    const state = await optimizer.exportState(new Map([['x', x]]));
    const y = tf.variable(tf.clone(x));
    const restored = createAdamW({ learningRate: 0.5 });
    restored.importState(state, new Map([['x', y]]));
    expect(restored.learningRate).toBe(0.01);
    run(optimizer, x);
    run(restored, y);
    expect(Array.from(y.dataSync())).toEqual(Array.from(x.dataSync()));
    tf.dispose([x, y]);
  });

  it('should reject an invalid config with the field name', () => {
    expect(() => createAdamW({ learningRate: -1 })).toThrow(/learningRate/);
  });
});

describe('clipGradientsByGlobalNorm', () => {
  it('should return the pre-clip norm and scale gradients down to maxNorm', () => {
    const gradients = { a: tf.tensor1d([3, 0]), b: tf.tensor1d([0, 4]) };
    const clipped = clipGradientsByGlobalNorm(gradients, 1);
    expect(clipped.globalNorm).toBeCloseTo(5, 6);
    expect(Array.from(clipped.gradients.a?.dataSync() ?? [])[0]).toBeCloseTo(0.6, 5);
    expect(Array.from(clipped.gradients.b?.dataSync() ?? [])[1]).toBeCloseTo(0.8, 5);
    const untouched = clipGradientsByGlobalNorm(gradients, 10);
    expect(Array.from(untouched.gradients.b?.dataSync() ?? [])).toEqual([0, 4]);
    tf.dispose([gradients, clipped.gradients, untouched.gradients]);
  });

  it('should keep every clipped norm at most maxNorm for random gradients (seeded)', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const gradients = {
        a: tf.randomNormal([5], 0, 3, 'float32', seed),
        b: tf.randomNormal([2, 3], 0, 1, 'float32', seed + 100),
      };
      const maxNorm = 0.5 + (seed % 5);
      const clipped = clipGradientsByGlobalNorm(gradients, maxNorm);
      const after = clipGradientsByGlobalNorm(clipped.gradients, Number.POSITIVE_INFINITY);
      expect(after.globalNorm).toBeLessThanOrEqual(maxNorm + 1e-4);
      expect(after.globalNorm).toBeCloseTo(Math.min(clipped.globalNorm, maxNorm), 3);
      tf.dispose([gradients, clipped.gradients, after.gradients]);
    }
  });
});
