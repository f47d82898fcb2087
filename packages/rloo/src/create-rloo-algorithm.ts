import {
  type CreateCriticFreeAlgorithmOptions,
  createSingleOptimizerAlgorithm,
  type SingleOptimizerAlgorithm,
} from '@rlver/rl-core';
import { type ResolvedRLOOConfig, type RLOOConfigInput, resolveRLOOConfig } from './rloo-config';
import { trainRLOOStep } from './train-rloo';

/** What `createRLOOAlgorithm` takes: the policy, an optional frozen reference and the config input. */
export type CreateRLOOAlgorithmOptions = CreateCriticFreeAlgorithmOptions<RLOOConfigInput>;

/** `AlgorithmV1` for RLOO, plus its resolved config and a `dispose` for the optimizer state. */
export type RLOOAlgorithm = SingleOptimizerAlgorithm<'rloo', ResolvedRLOOConfig>;

/**
 * RLOO: each rollout's reward minus the mean of the other rollouts of its group as the advantage (no critic, no
 * std scaling), clipped surrogate, entropy bonus, optional KL loss. Config errors throw `InvalidConfigError` first.
 */
export function createRLOOAlgorithm(options: CreateRLOOAlgorithmOptions): RLOOAlgorithm {
  return createSingleOptimizerAlgorithm({
    algorithmId: 'rloo',
    policy: options.policy,
    referencePolicy: options.referencePolicy,
    config: resolveRLOOConfig(options.config),
    step: trainRLOOStep,
  });
}
