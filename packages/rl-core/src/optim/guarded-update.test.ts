import '@tensorflow/tfjs-backend-cpu';
import { createAdamW, variablesByIndex } from '@rlver/optim';
import { RlverError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { NonFiniteUpdateError } from '../errors/non-finite-update-error';
import { createGuardedUpdater } from './guarded-update';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

let variableCount = 0;

function setup(options: { maxGradNorm?: number | null; maxConsecutiveSkips?: number; learningRate?: number } = {}) {
  const weights = tf.variable(tf.tensor1d([3, 4]), true, `guarded-test/${variableCount++}`);
  const optimizer = createAdamW({ learningRate: options.learningRate ?? 0.1, weightDecay: 0 });
  const updater = createGuardedUpdater({
    variables: [weights],
    optimizer,
    maxGradNorm: options.maxGradNorm === undefined ? 1 : options.maxGradNorm,
    maxConsecutiveSkips: options.maxConsecutiveSkips ?? 3,
  });
  return { weights, optimizer, updater };
}

// loss = ½‖w‖² → gradient w = (3, 4), norm 5
const halfSquaredNorm = (weights: tf.Variable) => () => ({
  loss: tf.mul(tf.sum(tf.square(weights)), 0.5) as tf.Scalar,
  metrics: { weightSum: tf.sum(weights) as tf.Scalar },
});

describe('createGuardedUpdater', () => {
  it('should report the pre-clip gradient norm, the loss and summed metrics, and apply the update', async () => {
    const { weights, updater } = setup();
    const result = await updater.step([halfSquaredNorm(weights)]);
    expect(result).toMatchObject({ skipped: false, loss: 12.5, metrics: { weightSum: 7 } });
    expect(result.gradNorm).toBeCloseTo(5, 5);
    const [first, second] = Array.from(weights.dataSync());
    expect(first).toBeCloseTo(2.9, 4);
    expect(second).toBeCloseTo(3.9, 4);
  });

  it('should clip gradients to the global norm (plain SGD-like check through Adam moments)', async () => {
    // With clipping to 1 the gradient becomes (0.6, 0.8); Adam's first step normalises it away, so check the
    // second moment of the optimizer instead: v = (1 − β2) · g².
    const { weights, optimizer, updater } = setup({ maxGradNorm: 1 });
    await updater.step([halfSquaredNorm(weights)]);
    const state = await optimizer.exportState(variablesByIndex([weights]));
    const secondMoment = Array.from(state.tensors.find((tensor) => tensor.name === 'v/0')?.data ?? []);
    expect(secondMoment[0]).toBeCloseTo(0.001 * 0.36, 6);
    expect(secondMoment[1]).toBeCloseTo(0.001 * 0.64, 6);
  });

  it('should sum micro-batch gradients to the full-batch gradient', async () => {
    const full = setup({ maxGradNorm: null });
    const split = setup({ maxGradNorm: null });
    await full.updater.step([halfSquaredNorm(full.weights)]);
    const halfLoss = (weights: tf.Variable) => () => ({ loss: tf.mul(tf.sum(tf.square(weights)), 0.25) as tf.Scalar });
    const result = await split.updater.step([halfLoss(split.weights), halfLoss(split.weights)]);
    expect(result.loss).toBeCloseTo(12.5, 5);
    expect(result.gradNorm).toBeCloseTo(5, 5);
    expect(Array.from(split.weights.dataSync())).toEqual(Array.from(full.weights.dataSync()));
  });

  it('should skip a NaN loss without touching the weights, and throw after k consecutive skips', async () => {
    const { weights, updater } = setup({ maxConsecutiveSkips: 2 });
    const nanLoss = () => ({ loss: tf.mul(tf.sum(weights), Number.NaN) as tf.Scalar });
    const result = await updater.step([nanLoss]);
    expect(result.skipped).toBe(true);
    expect(Array.from(weights.dataSync())).toEqual([3, 4]);
    expect(updater.consecutiveSkips).toBe(1);
    await updater.step([halfSquaredNorm(weights)]);
    expect(updater.consecutiveSkips).toBe(0);
    await updater.step([nanLoss]);
    const failure = await updater.step([nanLoss]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NonFiniteUpdateError);
    expect(RlverError.isInstance(failure)).toBe(true);
    expect((failure as NonFiniteUpdateError).consecutiveSkips).toBe(2);
  });

  it('should skip an infinite gradient even when the loss is finite', async () => {
    const { weights, updater } = setup();
    // d/dw sqrt(w − 3) at w = 3 is infinite; the loss is 0
    const infiniteGradient = () => ({ loss: tf.sum(tf.sqrt(tf.sub(tf.slice(weights, [0], [1]), 3))) as tf.Scalar });
    const result = await updater.step([infiniteGradient]);
    expect(result.skipped).toBe(true);
    expect(result.loss).toBe(0);
    expect(Array.from(weights.dataSync())).toEqual([3, 4]);
  });

  it('should not leak tensors across steps, applied or skipped', async () => {
    const { weights, updater } = setup({ maxConsecutiveSkips: 100 });
    await updater.step([halfSquaredNorm(weights), halfSquaredNorm(weights)]);
    const before = tf.memory().numTensors;
    await updater.step([halfSquaredNorm(weights), halfSquaredNorm(weights)]);
    await updater.step([() => ({ loss: tf.mul(tf.sum(weights), Number.NaN) as tf.Scalar })]);
    expect(tf.memory().numTensors).toBe(before);
  });
});
