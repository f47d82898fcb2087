import '@tensorflow/tfjs-backend-cpu';
import { createTinyLanguageModel, preferredTokenProbability, runBanditEpisodes } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { createPPOAlgorithm } from '../src/index';

await tf.setBackend('cpu');
const packing = (process.argv[2] ?? 'whole-dialogue') as 'whole-dialogue' | 'per-turn';
const lr = Number(process.argv[3] ?? 0.05);
const model = createTinyLanguageModel({ seed: 4 });
const algorithm = createPPOAlgorithm({
  policy: model,
  config: {
    packing,
    actorLearningRate: lr,
    criticLearningRate: lr,
    actorWarmupRatio: 0,
    criticWarmupRatio: 0,
    microBatchSize: 64,
    entropyCoefficient: 0,
  },
});
const start = Date.now();
console.log('p0', preferredTokenProbability(model));
for (let step = 0; step < 40; step += 1) {
  const trajectories = runBanditEpisodes({ model, groups: 16, groupSize: 1, seed: step, turns: 2 });
  const result = await algorithm.doUpdate({ trajectories, step });
  if (step % 5 === 0 || step === 39)
    console.log(
      step,
      preferredTokenProbability(model).toFixed(3),
      result.metrics['rollout/reward_mean']?.toFixed(3),
      result.metrics['ppo/clip_fraction']?.toFixed(3),
      result.metrics['ppo/value_loss']?.toFixed(4),
      result.metrics['ppo/explained_variance']?.toFixed(3),
      tf.memory().numTensors,
    );
}
console.log('ms', Date.now() - start);
