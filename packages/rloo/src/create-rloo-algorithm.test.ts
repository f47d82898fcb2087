import '@tensorflow/tfjs-backend-cpu';
import { createTransformerModel } from '@rlver/model';
import {
  banditTransformerConfig,
  createTinyLanguageModel,
  preferredTokenProbability,
  runBanditEpisodes,
  type TinyLanguageModel,
  trainOnBandit,
  trainUninterruptedAndResumed,
  withNextTokenLogProbs,
} from '@rlver/rl-core/test';
import { InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRLOOAlgorithm } from './create-rloo-algorithm';
import type { RLOOConfigInput } from './rloo-config';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Settings that make a tiny model learn in a few steps (lr 1e-6 suits 7B models, not 300 weights). */
const fastConfig: RLOOConfigInput = { learningRate: 0.05, warmupRatio: 0, entropyCoefficient: 0, microBatchSize: 64 };

const weightsOf = (model: TinyLanguageModel) =>
  model.policyVariables().map((variable) => Array.from(variable.dataSync()));

describe('createRLOOAlgorithm', () => {
  for (const packing of ['whole-dialogue', 'per-turn'] as const) {
    it(`should learn to start replies with the rewarded token (${packing} packing)`, async () => {
      const model = createTinyLanguageModel({ seed: 4 });
      const algorithm = createRLOOAlgorithm({ policy: model, config: { ...fastConfig, packing } });
      expect(preferredTokenProbability(model)).toBeLessThan(0.15);
      for (let step = 0; step < 30 && preferredTokenProbability(model) <= 0.8; step += 1) {
        const trajectories = runBanditEpisodes({ model, groups: 4, groupSize: algorithm.config.groupSize, seed: step });
        const result = await algorithm.doUpdate({ trajectories, step });
        expect(result.metrics['rloo/groups']).toBe(4);
        expect(Number.isFinite(result.metrics['rloo/policy_loss'])).toBe(true);
      }
      expect(preferredTokenProbability(model)).toBeGreaterThan(0.8);
      algorithm.dispose();
      model.dispose();
    });
  }

  it('should train the @rlver/policy transformer without leaking tensors', async () => {
    const model = withNextTokenLogProbs(
      createTransformerModel({
        config: banditTransformerConfig,
        seed: 2,
      }),
    );
    const algorithm = createRLOOAlgorithm({
      policy: model,
      config: { learningRate: 0.02, warmupRatio: 0, microBatchSize: 8, packing: 'per-turn' },
    });
    const run = await trainOnBandit({ algorithm, model, steps: 4, groups: 4, groupSize: 4 });
    for (const result of run.results) expect(result.metrics['rollout/logprob_abs_diff']).toBeLessThan(1e-4);
    expect(run.tensorsAfterLast).toBe(run.tensorsAfterFirst);
    expect(run.probabilityAfter).toBeGreaterThan(run.probabilityBefore + 0.05);
    algorithm.dispose();
    model.dispose();
  });

  it('should skip groups whose rewards are all equal with dynamic sampling, leaving the weights alone', async () => {
    const model = createTinyLanguageModel({ seed: 5 });
    const algorithm = createRLOOAlgorithm({ policy: model, config: { ...fastConfig, dynamicSampling: true } });
    const uniform = runBanditEpisodes({ model, groups: 2, groupSize: 4, seed: 1 }).map((trajectory) => ({
      ...trajectory,
      reward: 0.5,
    }));
    const before = weightsOf(model);
    const result = await algorithm.doUpdate({ trajectories: uniform, step: 0 });
    expect(result.skipped).toBe(true);
    expect(result.metrics['rloo/dropped_group_fraction']).toBe(1);
    expect(weightsOf(model)).toEqual(before);
    algorithm.dispose();
  });

  it('should restore the optimizer state so a resumed run continues identically', async () => {
    const { uninterrupted, resumed } = await trainUninterruptedAndResumed((policy) =>
      createRLOOAlgorithm({ policy, config: fastConfig }),
    );
    expect(resumed).toEqual(uninterrupted);
  });

  it('should refuse groups of one and a KL loss without a reference, saying what to change', () => {
    const model = createTinyLanguageModel({ withValueHead: false });
    expect(() => createRLOOAlgorithm({ policy: model, config: { groupSize: 1 } })).toThrow(/set it to ≥ 2/);
    expect(() => createRLOOAlgorithm({ policy: model, config: { klCoefficient: 0.05 } })).toThrow(InvalidConfigError);
    expect(() => createRLOOAlgorithm({ policy: model, config: { klCoefficient: 0.05 } })).toThrow(
      /pass referencePolicy/,
    );
  });

  it('should refuse the trained policy itself as the reference, saying to load a frozen copy', () => {
    const model = createTinyLanguageModel({ withValueHead: false });
    const create = () =>
      createRLOOAlgorithm({ policy: model, referencePolicy: model, config: { klCoefficient: 0.05 } });
    expect(create).toThrow(InvalidConfigError);
    expect(create).toThrow(/referencePolicy is the trained policy itself; load a separate frozen copy/);
    const copy = createTinyLanguageModel({ withValueHead: false });
    const algorithm = createRLOOAlgorithm({ policy: model, referencePolicy: copy, config: { klCoefficient: 0.05 } });
    expect(copy.policyVariables().every((variable) => !variable.trainable)).toBe(true);
    algorithm.dispose();
  });
});
