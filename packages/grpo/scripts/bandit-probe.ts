import '@tensorflow/tfjs-backend-cpu';
import { createTinyLanguageModel, preferredTokenProbability, runBanditEpisodes } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { createGRPOAlgorithm } from '../src/index';

await tf.setBackend('cpu');
const packing = (process.argv[2] ?? 'whole-dialogue') as 'whole-dialogue' | 'per-turn';
const lr = Number(process.argv[3] ?? 0.05);
const model = createTinyLanguageModel({ seed: 4 });
const algorithm = createGRPOAlgorithm({
  policy: model,
  config: { packing, learningRate: lr, warmupRatio: 0, microBatchSize: 64, entropyCoefficient: 0 },
});
const start = Date.now();
console.log('p0', preferredTokenProbability(model));
for (let step = 0; step < 20; step += 1) {
  const trajectories = runBanditEpisodes({ model, groups: 4, groupSize: 4, seed: step, turns: 2 });
  const result = await algorithm.doUpdate({ trajectories, step });
  console.log(
    step,
    preferredTokenProbability(model).toFixed(3),
    result.metrics['rollout/reward_mean']?.toFixed(3),
    result.metrics['grpo/reward_std']?.toFixed(3),
    result.metrics['grpo/grad_norm']?.toFixed(3),
    tf.memory().numTensors,
  );
}
console.log('ms', Date.now() - start);
