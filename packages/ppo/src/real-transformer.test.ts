import '@tensorflow/tfjs-backend-cpu';
import { createTransformerModel } from '@rlver/model';
import { createAdamW } from '@rlver/optim';
import { createGuardedUpdater, type GradientOptimizer } from '@rlver/rl-core';
import { banditTransformerConfig, trainOnBandit, withNextTokenLogProbs } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPPOAlgorithm } from './create-ppo-algorithm';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('createPPOAlgorithm with the @rlver/policy transformer', () => {
  it('should train the transformer and its value head without leaks, moving towards the rewarded token', async () => {
    const model = withNextTokenLogProbs(
      createTransformerModel({
        config: banditTransformerConfig,
        seed: 1,
        valueHead: true,
      }),
    );
    const algorithm = createPPOAlgorithm({
      policy: model,
      config: {
        learningRate: 0.02,
        criticLearningRate: 0.02,
        warmupRatio: 0,
        criticWarmupRatio: 0,
        microBatchSize: 8,
        minibatchCount: 2,
      },
    });
    const snapshot = () =>
      [...model.policyVariables(), ...model.valueVariables()].map((variable) => Array.from(variable.dataSync()));
    const initialWeights = snapshot();
    const run = await trainOnBandit({ algorithm, model, steps: 4, groups: 16, groupSize: 1 });
    for (const result of run.results) {
      expect(result.skipped).toBe(false);
      expect(Number.isFinite(result.metrics['ppo/value_loss'])).toBe(true);
      // the sampler and the training forward pass compute the same log-probs (no drift)
      expect(result.metrics['rollout/logprob_abs_diff']).toBeLessThan(1e-4);
    }
    expect(run.tensorsAfterLast).toBe(run.tensorsAfterFirst);
    snapshot().forEach((values, index) => {
      expect(values).not.toEqual(initialWeights[index]);
    });
    expect(run.probabilityAfter).toBeGreaterThan(run.probabilityBefore + 0.05);
    algorithm.dispose();
    model.dispose();
  });

  it("should drive the policy package's createAdamW through the guarded updater", async () => {
    const weights = tf.variable(tf.tensor1d([3, 4]), true, 'real-transformer-test/adamw');
    const optimizer: GradientOptimizer = createAdamW({ learningRate: 0.1, weightDecay: 0 });
    const updater = createGuardedUpdater({ variables: [weights], optimizer, maxGradNorm: 1, maxConsecutiveSkips: 3 });
    const result = await updater.step([() => ({ loss: tf.mul(tf.sum(tf.square(weights)), 0.5) as tf.Scalar })]);
    expect(result.gradNorm).toBeCloseTo(5, 5);
    expect(Array.from(weights.dataSync()).map((value) => Number(value.toFixed(4)))).toEqual([2.9, 3.9]);
    weights.dispose();
  });
});
