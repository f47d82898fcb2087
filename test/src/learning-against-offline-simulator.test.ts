import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGRPOAlgorithm } from '@rlver/grpo';
import { initTfBackend } from '@rlver/model';
import { createPPOAlgorithm } from '@rlver/ppo';
import { createTinyDialoguePolicy, createTinyLanguageModel, type TinyLanguageModel } from '@rlver/rl-core/test';
import { createOfflineSimulator, loadScenarioSet } from '@rlver/simulator';
import type { DialoguePolicyV1 } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { resolveTrainConfig, runTraining } from '@rlver/trainer';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * End to end against the real offline simulated user: a tiny policy whose first word picks a canned reply —
 * word A a specific praise, word B a platitude, every other word a garbled line — trained by the real trainer,
 * PPO or GRPO, on users who want praise (intention e1). It must learn to say A.
 */
const REPLIES: Record<string, string> = {
  A: 'You stood up for yourself and kept your promise to the team even when nobody thanked you. That took real courage, and I admire how you handled it.',
  B: "Don't be sad, everything will be fine. Cheer up!",
};
const GARBLED = 'qz# @@ xx ## ~~ qz';

function praiseWordPolicy(model: TinyLanguageModel, seed: number): DialoguePolicyV1 {
  const tiny = createTinyDialoguePolicy({ model, seed, maxNewTokens: 1 });
  return {
    specificationVersion: 'v1',
    policyId: 'tiny-praise-word',
    maxBatchSize: 64,
    async doAct(options) {
      const outputs = await tiny.doAct(options);
      return outputs.map((output) => ({ ...output, text: REPLIES[output.text.trim()] ?? GARBLED }));
    },
  };
}

/** P(first word = A) after the chat template's opening tokens `<system> <user> <assistant>`. */
function probabilityOfA(model: TinyLanguageModel): number {
  const wordA = 5;
  return Math.exp(model.nextTokenLogProbs([1, 2, 3], 1)[wordA] as number);
}

beforeAll(async () => {
  // The tiny test model gathers embeddings (no wasm gradient for gather): plain CPU backend.
  await initTfBackend({ preferred: 'cpu' });
});

const wantsPraise = loadScenarioSet('en', 'train').filter((profile) => profile.intention === 'e1');

describe.each(['ppo', 'grpo'] as const)('training a tiny policy against the offline simulator with %s', (algo) => {
  it('should learn to praise users who want praise', async () => {
    const model = createTinyLanguageModel({
      vocabSize: 10,
      hiddenSize: 8,
      seed: 3,
      withValueHead: algo === 'ppo',
      name: `e2e-${algo}`,
    });
    const config = resolveTrainConfig({
      overrides: {
        preset: 'embedded',
        algo,
        steps: 14,
        profilesPerStep: 4,
        maxPolicyTurns: 2,
        evaluate: false,
        checkpointEvery: 100,
      },
    });
    const before = probabilityOfA(model);
    const algorithmConfig = { totalSteps: config.steps, packing: 'per-turn' as const, seed: 0, microBatchSize: 64 };
    const algorithm =
      algo === 'ppo'
        ? createPPOAlgorithm({
            policy: model,
            config: {
              ...algorithmConfig,
              learningRate: 0.05,
              criticLearningRate: 0.05,
              warmupRatio: 0,
              criticWarmupRatio: 0,
            },
          })
        : createGRPOAlgorithm({
            policy: model,
            config: { ...algorithmConfig, learningRate: 0.05, warmupRatio: 0, groupSize: 4 },
          });
    await runTraining({
      config,
      runDirectory: mkdtempSync(join(tmpdir(), `rlver-e2e-${algo}-`)),
      policy: praiseWordPolicy(model, 7),
      algorithm,
      simulator: createOfflineSimulator({ preset: 'rlver-train', emotion: { maxPolicyTurns: 2 } }),
      trainProfiles: wantsPraise,
      tagger: createRuleTagger(),
      savePolicy: async () => {},
    });
    const after = probabilityOfA(model);
    expect(before).toBeLessThan(0.3);
    expect(after).toBeGreaterThan(0.8);
    algorithm.dispose();
  }, 120_000);
});
