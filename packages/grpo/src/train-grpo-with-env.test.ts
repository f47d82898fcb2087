import '@tensorflow/tfjs-backend-cpu';
import { runEpisode } from '@rlver/env';
import { createScriptedUserSimulator, createTestProfile } from '@rlver/env/test';
import { createTinyDialoguePolicy, createTinyLanguageModel } from '@rlver/rl-core/test';
import type { EmotionSettings } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGRPOAlgorithm } from './create-grpo-algorithm';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Two judged replies, no early stops: reward = (30 + 35 · replies starting with "A") / 100. */
const settings: EmotionSettings = {
  initialEmotion: 30,
  deltaClamp: null,
  cap: 100,
  lowerClamp: null,
  ceilingStop: null,
  floorStop: null,
  goodbyeStop: false,
  maxPolicyTurns: 2,
  scoreFinalReply: true,
};

describe('trainGRPOStep through runEpisode', () => {
  for (const packing of ['whole-dialogue', 'per-turn'] as const) {
    it(`should learn what the scripted user rewards from real episodes (${packing} packing)`, async () => {
      const simulator = createScriptedUserSimulator({
        settings,
        opening: 'hi',
        turns: (reply) => ({ message: 'ok', delta: reply.split(' ')[0] === 'A' ? 35 : 0 }),
      });
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
        const trajectories = await Promise.all(
          Array.from({ length: 4 * algorithm.config.groupSize }, (_, index) => {
            const group = Math.floor(index / algorithm.config.groupSize);
            return runEpisode({
              simulator,
              policy,
              profile: createTestProfile({ id: `profile-${group}` }),
              seed: step * 100 + index,
              episodeId: `e${step}-${index}`,
              groupId: `g${step}-${group}`,
            });
          }),
        );
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
