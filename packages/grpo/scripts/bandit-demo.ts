/**
 * Watch GRPO learn the bandit dialogue (reward = share of replies starting with token "A") with the tiny test
 * model, 4 groups of 4 per step. Usage: npx tsx --conditions=source scripts/bandit-demo.ts [packing] [learningRate]
 */
import '@tensorflow/tfjs-backend-cpu';
import { createTinyLanguageModel, preferredTokenProbability, runBanditEpisodes } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { createGRPOAlgorithm } from '../src/index';

await tf.setBackend('cpu');
const packing = process.argv[2] === 'per-turn' ? 'per-turn' : 'whole-dialogue';
const learningRate = Number(process.argv[3] ?? 0.05);
const model = createTinyLanguageModel({ seed: 4 });
const algorithm = createGRPOAlgorithm({
  policy: model,
  config: { packing, learningRate, warmupRatio: 0, entropyCoefficient: 0, microBatchSize: 64 },
});
const start = Date.now();
console.log(`step 0: p(A) = ${preferredTokenProbability(model).toFixed(3)}`);
for (let step = 0; step < 30 && preferredTokenProbability(model) <= 0.95; step += 1) {
  const trajectories = runBanditEpisodes({ model, groups: 4, groupSize: algorithm.config.groupSize, seed: step });
  const { metrics } = await algorithm.doUpdate({ trajectories, step });
  console.log(
    `step ${step + 1}: p(A) = ${preferredTokenProbability(model).toFixed(3)}, reward ${metrics['rollout/reward_mean']?.toFixed(3)}, group reward std ${metrics['grpo/reward_std']?.toFixed(3)}`,
  );
}
console.log(`${Date.now() - start} ms, ${tf.memory().numTensors} live tensors`);
