import type { AlgorithmDescriptor } from '@rlver/rl-core';
import { createRLOOAlgorithm } from './create-rloo-algorithm';
import { rlooBlockSchema } from './rloo-config';

/** RLOO as the trainer sees it: no critic, groups of ≥ 2 rollouts per prompt, a reference only with a KL loss. */
export const rlooAlgorithm = {
  id: 'rloo',
  summary: 'RLOO: leave-one-out group baseline as advantages (no critic, no std scaling), clipped surrogate',
  configSchema: rlooBlockSchema,
  needsValueHead: false,
  rolloutsPerPrompt: { default: 4, min: 2 },
  needsReferenceModel: (config) => config.klCoefficient > 0,
  create: ({ policy, referencePolicy, config, run }) =>
    createRLOOAlgorithm({ policy, referencePolicy, config: { ...config, ...run } }),
} as const satisfies AlgorithmDescriptor<'rloo', typeof rlooBlockSchema>;
