import '@tensorflow/tfjs-backend-cpu';
import { createFirstWordRewardUser, runGroupedEpisodes } from '@rlver/env/test';
import { createTinyDialoguePolicy, createTinyLanguageModel } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGRPOAlgorithm } from './create-grpo-algorithm';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('trainGRPOStep through runEpisode', () => {
  for (const packing of ['whole-dialogue', 'per-turn'] as const) {
    it(`should learn what the scripted user rewards from real episodes (${packing} packing)`, async () => {
      const simulator = createFirstWordRewardUser();
      const model = createTinyLanguageModel({ seed: 4 });
      const policy = createTinyDialoguePolicy({ model, seed: 1 });
      const firstPrompt = policy.renderPrompt([
        { role: 'system', content: 'system' },
        { role: 'user', content: 'hi' },
      ]);
      const preferred = () => Math.exp(model.nextTokenLogProbs(firstPrompt)[5] ?? Number.NEGATIVE_INFINITY);
      const algorithm = createGRPOAlgorithm({
        policy: model,
        config: { packing, learningRate: 0.05, warmupRatio: 0, entropyCoefficient: 0, microBatchSize: 64 },
      });
      expect(preferred()).toBeLessThan(0.15);
      for (let step = 0; step < 30 && preferred() <= 0.8; step += 1) {
        const trajectories = await runGroupedEpisodes({
          simulator,
          policy,
          step,
          groups: 4,
          groupSize: algorithm.config.groupSize,
        });
        expect(trajectories.every((trajectory) => trajectory.turns.every((turn) => turn.tokens !== undefined))).toBe(
          true,
        );
        const result = await algorithm.doUpdate({ trajectories, step });
        expect(result.metrics['grpo/groups']).toBe(4);
      }
      expect(preferred()).toBeGreaterThan(0.8);
      algorithm.dispose();
      model.dispose();
    });
  }
});
