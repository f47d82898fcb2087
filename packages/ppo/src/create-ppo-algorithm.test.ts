import '@tensorflow/tfjs-backend-cpu';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Packing } from '@rlver/rl-core';
import {
  buildTrajectory,
  createTinyLanguageModel,
  preferredTokenProbability,
  runBanditEpisodes,
  type TinyLanguageModel,
} from '@rlver/rl-core/test';
import { InvalidConfigError, type Trajectory } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPPOAlgorithm } from './create-ppo-algorithm';
import type { PPOConfigInput } from './ppo-config';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Settings that make a tiny model learn in a few steps (the paper's lr 1e-6 suits 7B models, not 300 weights). */
const fastConfig: PPOConfigInput = {
  learningRate: 0.05,
  criticLearningRate: 0.05,
  warmupRatio: 0,
  criticWarmupRatio: 0,
  entropyCoefficient: 0,
  microBatchSize: 64,
};

const weightsOf = (model: TinyLanguageModel) =>
  model.policyVariables().map((variable) => Array.from(variable.dataSync()));

describe('createPPOAlgorithm', () => {
  for (const packing of ['whole-dialogue', 'per-turn'] as const) {
    it(`should learn to start replies with the preferred token (${packing} packing)`, async () => {
      const model = createTinyLanguageModel({ seed: 4 });
      const algorithm = createPPOAlgorithm({ policy: model, config: { ...fastConfig, packing } });
      const initial = preferredTokenProbability(model);
      expect(initial).toBeLessThan(0.15); // ~ chance over 12 tokens
      let step = 0;
      while (step < 30 && preferredTokenProbability(model) <= 0.8) {
        const trajectories = runBanditEpisodes({ model, groups: 16, groupSize: 1, seed: step, turns: 2 });
        const result = await algorithm.doUpdate({ trajectories, step });
        expect(result.metrics['rollout/samples']).toBe(packing === 'per-turn' ? 32 : 16);
        step += 1;
      }
      expect(preferredTokenProbability(model)).toBeGreaterThan(0.8);
      algorithm.dispose();
      model.dispose();
    });
  }

  it('should learn the preference with turn-level values (gaePositions turns) and dynamic sampling', async () => {
    const model = createTinyLanguageModel({ seed: 4 });
    const algorithm = createPPOAlgorithm({
      policy: model,
      config: { ...fastConfig, packing: 'whole-dialogue', gaePositions: 'turns', dynamicSampling: true },
    });
    let step = 0;
    while (step < 30 && preferredTokenProbability(model) <= 0.8) {
      const trajectories = runBanditEpisodes({ model, groups: 16, groupSize: 1, seed: step, turns: 2 });
      const result = await algorithm.doUpdate({ trajectories, step });
      expect(result.metrics['ppo/dropped_group_fraction']).toBe(0); // groups of one are never uniform
      step += 1;
    }
    expect(preferredTokenProbability(model)).toBeGreaterThan(0.8);
    algorithm.dispose();
    model.dispose();
  });

  it('should report every documented metric with finite values and match the sampler log-probs', async () => {
    const model = createTinyLanguageModel({ seed: 1 });
    const algorithm = createPPOAlgorithm({ policy: model, config: { ...fastConfig, epochs: 2, minibatchCount: 2 } });
    const result = await algorithm.doUpdate({
      trajectories: runBanditEpisodes({ model, groups: 8, groupSize: 1, seed: 1 }),
      step: 0,
    });
    for (const key of [
      'ppo/policy_loss',
      'ppo/value_loss',
      'ppo/clip_fraction',
      'ppo/approx_kl',
      'ppo/entropy',
      'ppo/explained_variance',
      'ppo/grad_norm',
      'ppo/critic_grad_norm',
      'ppo/learning_rate',
      'ppo/critic_learning_rate',
      'ppo/skipped_updates',
      'ppo/value_clip_fraction',
      'ppo/advantage_mean',
      'ppo/return_mean',
      'ppo/value_mean',
      'ppo/kl_coefficient',
      'ppo/kl_reference',
      'ppo/epochs_completed',
      'rollout/error_fraction',
      'rollout/reward_mean',
      'rollout/logprob_abs_diff',
    ]) {
      expect(Number.isFinite(result.metrics[key]), key).toBe(true);
    }
    expect(result.metrics['ppo/epochs_completed']).toBe(2);
    expect(result.metrics['ppo/clip_fraction']).toBeGreaterThanOrEqual(0);
    expect(result.metrics['ppo/clip_fraction']).toBeLessThanOrEqual(1);
    // the bandit sampler records exactly the log-probs the training forward pass computes
    expect(result.metrics['rollout/logprob_abs_diff']).toBeLessThan(1e-5);
    algorithm.dispose();
    model.dispose();
  });

  it('should give the same update for both packings when γ = λ = 1 (a causal model scores prefixes alike)', async () => {
    const models = [createTinyLanguageModel({ seed: 9 }), createTinyLanguageModel({ seed: 9 })];
    const trajectories = runBanditEpisodes({ model: models[0] as TinyLanguageModel, groups: 6, groupSize: 1, seed: 3 });
    const packings: Packing[] = ['whole-dialogue', 'per-turn'];
    for (const [index, model] of models.entries()) {
      const algorithm = createPPOAlgorithm({ policy: model, config: { ...fastConfig, packing: packings[index] } });
      await algorithm.doUpdate({ trajectories, step: 0 });
      algorithm.dispose();
    }
    const [whole, perTurn] = models.map(weightsOf);
    whole?.flat().forEach((value, index) => {
      expect(perTurn?.flat()[index]).toBeCloseTo(value, 4);
    });
    expect(whole?.flat()).not.toEqual(weightsOf(createTinyLanguageModel({ seed: 9 })).flat());
  });

  it('should take criticEpochs head-only steps per minibatch, fitting the returns closer and leaving the actor alone', async () => {
    const runWith = async (criticEpochs: number) => {
      const model = createTinyLanguageModel({ seed: 6 });
      const trajectories = runBanditEpisodes({ model, groups: 8, groupSize: 1, seed: 5 });
      const algorithm = createPPOAlgorithm({
        policy: model,
        config: { ...fastConfig, learningRate: 1e-9, criticLearningRate: 0.02, criticEpochs },
      });
      const first = await algorithm.doUpdate({ trajectories, step: 0 });
      // The second update on the same batch reports how well the critic now fits its returns.
      const second = await algorithm.doUpdate({ trajectories, step: 1 });
      const state = weightsOf(model).flat();
      algorithm.dispose();
      model.dispose();
      return { first, second, state };
    };
    const once = await runWith(1);
    const eightTimes = await runWith(8);
    expect(eightTimes.second.metrics['ppo/explained_variance']).toBeGreaterThan(
      (once.second.metrics['ppo/explained_variance'] as number) + 0.05,
    );
    // Same actor weights either way: the critic's extra steps touch only the value head.
    eightTimes.state.forEach((value, index) => {
      expect(value).toBeCloseTo(once.state[index] as number, 6);
    });
  });

  it('should not leak tensors across updates', async () => {
    const model = createTinyLanguageModel({ seed: 2 });
    const reference = createTinyLanguageModel({ seed: 3 });
    const algorithm = createPPOAlgorithm({
      policy: model,
      referencePolicy: reference,
      config: { ...fastConfig, klMode: 'loss', klCoefficient: 0.1, minibatchCount: 2, microBatchSize: 3 },
    });
    const batch = (seed: number) => runBanditEpisodes({ model, groups: 6, groupSize: 1, seed });
    await algorithm.doUpdate({ trajectories: batch(0), step: 0 });
    const before = tf.memory().numTensors;
    await algorithm.doUpdate({ trajectories: batch(1), step: 1 });
    await algorithm.doUpdate({ trajectories: batch(2), step: 2 });
    expect(tf.memory().numTensors).toBe(before);
    algorithm.dispose();
  });

  it('should skip every non-finite update and report it (the trainer counts skips in a row and stops)', async () => {
    const model = createTinyLanguageModel({ seed: 5 });
    const algorithm = createPPOAlgorithm({
      policy: model,
      config: { ...fastConfig, oldLogProbSource: 'rollout' },
    });
    const poisoned = (): Trajectory[] => {
      const trajectories = runBanditEpisodes({ model, groups: 4, groupSize: 1, seed: 8 });
      const tokens = trajectories[0]?.turns[0]?.tokens;
      if (tokens) tokens.logProbs[0] = Number.NaN;
      return trajectories;
    };
    const before = weightsOf(model);
    const result = await algorithm.doUpdate({ trajectories: poisoned(), step: 0 });
    expect(result.skipped).toBe(true);
    expect(result.metrics['ppo/skipped_updates']).toBeGreaterThanOrEqual(1);
    expect(result.warnings.join(' ')).toMatch(/skipped: non-finite/);
    expect(weightsOf(model)).toEqual(before);
    const again = await algorithm.doUpdate({ trajectories: poisoned(), step: 1 });
    expect(again.skipped).toBe(true);
    expect(weightsOf(model)).toEqual(before);
    algorithm.dispose();
  });

  it('should skip errored trajectories and count them (the trainer enforces maxErrorFraction)', async () => {
    const model = createTinyLanguageModel({ seed: 6 });
    const algorithm = createPPOAlgorithm({ policy: model, config: fastConfig });
    const good = runBanditEpisodes({ model, groups: 3, groupSize: 1, seed: 2 });
    const errored = buildTrajectory({
      episodeId: 'e',
      reward: 0,
      stopReason: 'error',
      turns: [{ promptIds: [1], outputIds: [5] }],
    });
    const result = await algorithm.doUpdate({ trajectories: [...good, errored], step: 0 });
    expect(result.metrics['rollout/error_fraction']).toBe(0.25);
    expect(result.metrics['rollout/samples']).toBe(3);
    const mostlyErrored = await algorithm.doUpdate({
      trajectories: [good[0] as Trajectory, errored, errored],
      step: 1,
    });
    expect(mostlyErrored.metrics['rollout/error_fraction']).toBeCloseTo(2 / 3, 10);
    expect(mostlyErrored.metrics['rollout/samples']).toBe(1);
    const empty = await algorithm.doUpdate({ trajectories: [errored], step: 2 });
    expect(empty.skipped).toBe(true);
    expect(empty.warnings.join(' ')).toMatch(/no trainable samples/);
    algorithm.dispose();
  });

  it('should steer β with the adaptive controller and keep the reference frozen (KL in reward)', async () => {
    const model = createTinyLanguageModel({ seed: 7 });
    const reference = createTinyLanguageModel({ seed: 8 });
    const referenceBefore = weightsOf(reference);
    const algorithm = createPPOAlgorithm({
      policy: model,
      referencePolicy: reference,
      config: {
        ...fastConfig,
        klMode: 'reward',
        klCoefficient: 0.1,
        klController: 'adaptive',
        klEstimator: 'k3',
        klTarget: 1e-4,
        klHorizon: 100,
      },
    });
    const first = await algorithm.doUpdate({
      trajectories: runBanditEpisodes({ model, groups: 8, groupSize: 1, seed: 1 }),
      step: 0,
    });
    const second = await algorithm.doUpdate({
      trajectories: runBanditEpisodes({ model, groups: 8, groupSize: 1, seed: 2 }),
      step: 1,
    });
    expect(first.metrics['ppo/kl_reward_mean']).toBeGreaterThan(1.2e-4); // above target by > 20 %: β grows by the clipped 20 % rule
    expect(first.metrics['ppo/kl_coefficient']).toBe(0.1);
    expect(second.metrics['ppo/kl_coefficient']).toBeCloseTo(0.1 * (1 + (0.2 * 8) / 100), 10);
    expect(weightsOf(reference)).toEqual(referenceBefore);
    expect(reference.policyVariables().every((variable) => !variable.trainable)).toBe(true);
    algorithm.dispose();
  });

  it('should restore optimizer, critic and KL state so a resumed run continues identically', async () => {
    const trajectories = (model: TinyLanguageModel, seed: number) =>
      runBanditEpisodes({ model, groups: 4, groupSize: 1, seed });
    const reference = createTinyLanguageModel({ seed: 12 });
    const config: PPOConfigInput = { ...fastConfig, klMode: 'reward', klCoefficient: 0.2, klController: 'adaptive' };
    const original = createTinyLanguageModel({ seed: 11 });
    const first = createPPOAlgorithm({ policy: original, referencePolicy: reference, config });
    await first.doUpdate({ trajectories: trajectories(original, 1), step: 0 });
    await first.doUpdate({ trajectories: trajectories(original, 2), step: 1 });
    const directory = await mkdtemp(join(tmpdir(), 'ppo-state-'));
    await first.saveState(directory);

    const resumed = createTinyLanguageModel({ seed: 99 });
    resumed.policyVariables().forEach((variable, index) => {
      variable.assign(original.policyVariables()[index] as tf.Variable);
    });
    const second = createPPOAlgorithm({ policy: resumed, referencePolicy: reference, config });
    await second.loadState(directory);
    expect(resumed.valueVariables().map((variable) => Array.from(variable.dataSync()))).toEqual(
      original.valueVariables().map((variable) => Array.from(variable.dataSync())),
    );
    const batch = trajectories(original, 3);
    const [a, b] = [
      await first.doUpdate({ trajectories: batch, step: 2 }),
      await second.doUpdate({ trajectories: batch, step: 2 }),
    ];
    expect(b.metrics['ppo/kl_coefficient']).toBe(a.metrics['ppo/kl_coefficient']);
    expect(weightsOf(resumed)).toEqual(weightsOf(original));
    first.dispose();
    second.dispose();
  });

  it('should fail fast on models that cannot be trained as configured', () => {
    const noCritic = createTinyLanguageModel({ withValueHead: false });
    expect(() => createPPOAlgorithm({ policy: noCritic })).toThrow(/value head/);
    const model = createTinyLanguageModel();
    const missingReference = () =>
      createPPOAlgorithm({ policy: model, config: { klMode: 'loss', klCoefficient: 0.1 } });
    expect(missingReference).toThrow(InvalidConfigError);
    expect(missingReference).toThrow(/pass referencePolicy/);
    expect(() => createPPOAlgorithm({ policy: model, referencePolicy: model })).toThrow(/separate frozen copy/);
    expect(() => createPPOAlgorithm({ policy: model, config: { epochs: 0 } })).toThrow(/epochs/);
  });
});
