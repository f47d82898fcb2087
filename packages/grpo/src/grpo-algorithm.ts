import type { AlgorithmDescriptor } from '@rlver/rl-core';
import { createGRPOAlgorithm } from './create-grpo-algorithm';
import { grpoBlockSchema } from './grpo-config';

/** GRPO as the trainer sees it: no critic, groups of ≥ 2 rollouts per prompt, a reference only with a KL loss. */
export const grpoAlgorithm = {
  id: 'grpo',
  summary: 'GRPO: group-normalised rewards as advantages (no critic), clipped surrogate',
  configSchema: grpoBlockSchema,
  needsValueHead: false,
  rolloutsPerPrompt: { default: 4, min: 2 },
  needsReferenceModel: (config) => config.klCoefficient > 0,
  create: ({ policy, referencePolicy, config, run }) =>
    createGRPOAlgorithm({ policy, referencePolicy, config: { ...config, ...run } }),
} as const satisfies AlgorithmDescriptor<'grpo', typeof grpoBlockSchema>;
