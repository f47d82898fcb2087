import '@tensorflow/tfjs-backend-cpu';
import {
  createTinyLanguageModel,
  preferredTokenProbability,
  runBanditEpisodes,
  type TinyLanguageModel,
  trainUninterruptedAndResumed,
} from '@rlver/rl-core/test';
import { InvalidConfigError, type Trajectory } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGRPOAlgorithm } from './create-grpo-algorithm';
import type { GRPOConfigInput } from './grpo-config';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Settings that make a tiny model learn in a few steps (lr 1e-6 suits 7B models, not 300 weights). */
const fastConfig: GRPOConfigInput = { learningRate: 0.05, warmupRatio: 0, entropyCoefficient: 0, microBatchSize: 64 };

const weightsOf = (model: TinyLanguageModel) =>
  model.policyVariables().map((variable) => Array.from(variable.dataSync()));

describe('createGRPOAlgorithm', () => {
  for (const packing of ['whole-dialogue', 'per-turn'] as const) {
    it(`should learn to start replies with the preferred token (${packing} packing)`, async () => {
      const model = createTinyLanguageModel({ seed: 4 });
      const algorithm = createGRPOAlgorithm({ policy: model, config: { ...fastConfig, packing } });
      expect(preferredTokenProbability(model)).toBeLessThan(0.15);
      let step = 0;
      while (step < 30 && preferredTokenProbability(model) <= 0.8) {
        const trajectories = runBanditEpisodes({
          model,
          groups: 4,
          groupSize: algorithm.config.groupSize,
          seed: step,
        });
        const result = await algorithm.doUpdate({ trajectories, step });
        expect(result.metrics['grpo/groups']).toBe(4);
        step += 1;
      }
      expect(preferredTokenProbability(model)).toBeGreaterThan(0.8);
      algorithm.dispose();
      model.dispose();
    });
  }

  it('should report every documented metric with finite values', async () => {
    const model = createTinyLanguageModel({ seed: 1 });
    const algorithm = createGRPOAlgorithm({
      policy: model,
      config: {
        ...fastConfig,
        epochs: 2,
        minibatchCount: 2,
        clipRatioHigh: 0.28,
        scaleRewards: 'none',
        lossAggregation: 'sequence-sum-norm',
      },
    });
    const result = await algorithm.doUpdate({
      trajectories: runBanditEpisodes({ model, groups: 4, groupSize: 4, seed: 5 }),
      step: 0,
    });
    for (const key of [
      'grpo/policy_loss',
      'grpo/entropy',
      'grpo/clip_fraction',
      'grpo/approx_kl',
      'grpo/kl_reference',
      'grpo/grad_norm',
      'grpo/learning_rate',
      'grpo/skipped_updates',
      'grpo/groups',
      'grpo/group_size_mean',
      'grpo/reward_std',
      'grpo/zero_std_group_fraction',
      'grpo/dropped_group_fraction',
      'grpo/advantage_abs_mean',
      'grpo/epochs_completed',
      'rollout/error_fraction',
      'rollout/reward_mean',
      'rollout/logprob_abs_diff',
    ]) {
      expect(Number.isFinite(result.metrics[key]), key).toBe(true);
    }
    expect(result.metrics['grpo/epochs_completed']).toBe(2);
    expect(result.metrics['grpo/clip_fraction']).toBeGreaterThanOrEqual(0);
    expect(result.metrics['grpo/clip_fraction']).toBeLessThanOrEqual(1);
    expect(result.warnings).toEqual([]);
    algorithm.dispose();
  });

  it('should warn about groups whose size differs from groupSize', async () => {
    const model = createTinyLanguageModel({ seed: 2 });
    const algorithm = createGRPOAlgorithm({ policy: model, config: fastConfig });
    const result = await algorithm.doUpdate({
      trajectories: runBanditEpisodes({ model, groups: 2, groupSize: 3, seed: 1 }),
      step: 0,
    });
    expect(result.warnings.join(' ')).toMatch(/2 groups do not have groupSize \(4\) members/);
    algorithm.dispose();
  });

  it('should skip the update when dynamic sampling drops every group', async () => {
    const model = createTinyLanguageModel({ seed: 3 });
    const algorithm = createGRPOAlgorithm({ policy: model, config: { ...fastConfig, dynamicSampling: true } });
    const trajectories = runBanditEpisodes({ model, groups: 2, groupSize: 4, seed: 2 }).map((trajectory) => ({
      ...trajectory,
      reward: 0.5,
    }));
    const before = weightsOf(model);
    const result = await algorithm.doUpdate({ trajectories, step: 0 });
    expect(result.skipped).toBe(true);
    expect(result.metrics['grpo/dropped_group_fraction']).toBe(1);
    expect(result.warnings.join(' ')).toMatch(/dropped by dynamic sampling/);
    expect(weightsOf(model)).toEqual(before);
    algorithm.dispose();
  });

  it('should not leak tensors across updates (KL loss on)', async () => {
    const model = createTinyLanguageModel({ seed: 4 });
    const reference = createTinyLanguageModel({ seed: 5 });
    const algorithm = createGRPOAlgorithm({
      policy: model,
      referencePolicy: reference,
      config: { ...fastConfig, klCoefficient: 0.1, minibatchCount: 2, microBatchSize: 3, packing: 'per-turn' },
    });
    const batch = (seed: number) => runBanditEpisodes({ model, groups: 2, groupSize: 4, seed });
    const first = await algorithm.doUpdate({ trajectories: batch(0), step: 0 });
    expect(first.metrics['grpo/kl_reference']).toBeGreaterThan(0);
    const before = tf.memory().numTensors;
    await algorithm.doUpdate({ trajectories: batch(1), step: 1 });
    await algorithm.doUpdate({ trajectories: batch(2), step: 2 });
    expect(tf.memory().numTensors).toBe(before);
    expect(reference.policyVariables().every((variable) => !variable.trainable)).toBe(true);
    algorithm.dispose();
  });

  it('should skip every non-finite update and report it (the trainer counts skips in a row and stops)', async () => {
    const model = createTinyLanguageModel({ seed: 6 });
    const algorithm = createGRPOAlgorithm({
      policy: model,
      config: { ...fastConfig, oldLogProbSource: 'rollout' },
    });
    const poisoned = (): Trajectory[] => {
      const trajectories = runBanditEpisodes({ model, groups: 2, groupSize: 4, seed: 9 });
      for (const trajectory of trajectories) {
        const tokens = trajectory.turns[0]?.tokens;
        if (tokens) tokens.logProbs[0] = Number.NaN;
      }
      return trajectories;
    };
    const before = weightsOf(model);
    const result = await algorithm.doUpdate({ trajectories: poisoned(), step: 0 });
    expect(result).toMatchObject({ skipped: true, metrics: { 'grpo/skipped_updates': 1 } });
    expect(weightsOf(model)).toEqual(before);
    const again = await algorithm.doUpdate({ trajectories: poisoned(), step: 1 });
    expect(again).toMatchObject({ skipped: true, metrics: { 'grpo/skipped_updates': 1 } });
    expect(weightsOf(model)).toEqual(before);
    algorithm.dispose();
  });

  it('should restore the optimizer state so a resumed run continues identically', async () => {
    const { uninterrupted, resumed } = await trainUninterruptedAndResumed((policy) =>
      createGRPOAlgorithm({ policy, config: fastConfig }),
    );
    expect(resumed).toEqual(uninterrupted);
  });

  it('should expose the group size and fail fast without a reference for the KL loss', () => {
    const model = createTinyLanguageModel({ withValueHead: false });
    expect(createGRPOAlgorithm({ policy: model, config: { groupSize: 8 } }).config.groupSize).toBe(8);
    expect(() => createGRPOAlgorithm({ policy: model, config: { klCoefficient: 0.05 } })).toThrow(InvalidConfigError);
    expect(() => createGRPOAlgorithm({ policy: model, config: { klCoefficient: 0.05 } })).toThrow(
      /pass referencePolicy/,
    );
  });
});
