/**
 * PPO on the @rlver/policy transformer (1 layer, hidden 16, ~2.9k weights) in the bandit dialogue.
 * Usage: npx tsx --conditions=source scripts/transformer-demo.ts [learningRate]
 */
import '@tensorflow/tfjs-backend-cpu';
import { createTransformerModel } from '@rlver/model';
import {
  banditTransformerConfig,
  preferredTokenProbability,
  runBanditEpisodes,
  withNextTokenLogProbs,
} from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { createPPOAlgorithm } from '../src/index';

await tf.setBackend('cpu');
const learningRate = Number(process.argv[2] ?? 0.01);
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
for (let step = 0; step < 30 && preferredTokenProbability(model) <= 0.8; step += 1) {
  const { metrics } = await algorithm.doUpdate({
    trajectories: runBanditEpisodes({ model, groups: 16, groupSize: 1, seed: step }),
    step,
  });
  console.log(
    `step ${step + 1}: p(A) = ${preferredTokenProbability(model).toFixed(3)}, logprob drift ${metrics['rollout/logprob_abs_diff']?.toExponential(1)}`,
  );
}
console.log(`${Date.now() - start} ms`);
