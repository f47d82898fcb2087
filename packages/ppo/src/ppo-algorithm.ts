import type { AlgorithmDescriptor } from '@rlver/rl-core';
import { createPPOAlgorithm } from './create-ppo-algorithm';
import { ppoBlockSchema } from './ppo-config';

/** PPO as the trainer sees it: a critic (value head), one rollout per prompt, a reference only with a KL term. */
export const ppoAlgorithm = {
  id: 'ppo',
  summary: 'PPO: value-head critic, GAE advantages, clipped surrogate and value loss',
  configSchema: ppoBlockSchema,
  needsValueHead: true,
  rolloutsPerPrompt: { default: 1, min: 1, max: 1 },
  needsReferenceModel: (config) => config.klMode !== 'none',
  create: ({ policy, referencePolicy, config, run }) =>
    createPPOAlgorithm({
      policy,
      referencePolicy,
      config: {
        ...config,
        packing: run.packing,
        samplingTemperature: run.samplingTemperature,
        totalSteps: run.totalSteps,
        seed: run.seed,
      },
    }),
} as const satisfies AlgorithmDescriptor<'ppo', typeof ppoBlockSchema>;
