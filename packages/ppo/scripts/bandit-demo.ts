/**
 * Watch PPO learn the bandit dialogue (reward = share of replies starting with token "A") with the tiny test model.
 * Usage: npx tsx --conditions=source scripts/bandit-demo.ts [whole-dialogue|per-turn] [learningRate]
 */
import '@tensorflow/tfjs-backend-cpu';
import { createTinyLanguageModel, preferredTokenProbability, runBanditEpisodes } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { createPPOAlgorithm } from '../src/index';

await tf.setBackend('cpu');
const packing = process.argv[2] === 'per-turn' ? 'per-turn' : 'whole-dialogue';
const learningRate = Number(process.argv[3] ?? 0.05);
const model = createTinyLanguageModel({ seed: 4 });
const algorithm = createPPOAlgorithm({
  policy: model,
  config: {
    packing,
    learningRate: learningRate,
    criticLearningRate: learningRate,
    warmupRatio: 0,
    criticWarmupRatio: 0,
    entropyCoefficient: 0,
    microBatchSize: 64,
  },
});
const start = Date.now();
console.log(`step 0: p(A) = ${preferredTokenProbability(model).toFixed(3)}`);
for (let step = 0; step < 30 && preferredTokenProbability(model) <= 0.95; step += 1) {
  const trajectories = runBanditEpisodes({ model, groups: 16, groupSize: 1, seed: step });
  const { metrics } = await algorithm.doUpdate({ trajectories, step });
  console.log(
    `step ${step + 1}: p(A) = ${preferredTokenProbability(model).toFixed(3)}, reward ${metrics['rollout/reward_mean']?.toFixed(3)}, value loss ${metrics['ppo/value_loss']?.toFixed(4)}`,
  );
}
console.log(`${Date.now() - start} ms, ${tf.memory().numTensors} live tensors`);
