import {
  type CreateCriticFreeAlgorithmOptions,
  createSingleOptimizerAlgorithm,
  type SingleOptimizerAlgorithm,
} from '@rlver/rl-core';
import { type GRPOConfigInput, type ResolvedGRPOConfig, resolveGRPOConfig } from './grpo-config';
import { trainGRPOStep } from './train-grpo';

/** What `createGRPOAlgorithm` takes: the policy, an optional frozen reference and the config input. */
export type CreateGRPOAlgorithmOptions = CreateCriticFreeAlgorithmOptions<GRPOConfigInput>;

/** `AlgorithmV1` for GRPO, plus its resolved config and a `dispose` for the optimizer state. */
export type GRPOAlgorithm = SingleOptimizerAlgorithm<'grpo', ResolvedGRPOConfig>;

/**
 * GRPO: group-normalised terminal rewards as advantages (no critic), clipped surrogate, entropy bonus, optional
 * KL loss, optional dynamic sampling (spec §6.2, §6.3). Config errors throw `InvalidConfigError` first.
 */
export function createGRPOAlgorithm(options: CreateGRPOAlgorithmOptions): GRPOAlgorithm {
  return createSingleOptimizerAlgorithm({
    algorithmId: 'grpo',
    policy: options.policy,
    referencePolicy: options.referencePolicy,
    config: resolveGRPOConfig(options.config),
    step: trainGRPOStep,
  });
}
