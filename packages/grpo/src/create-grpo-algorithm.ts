import { createSingleOptimizerAlgorithm, type SingleOptimizerAlgorithm } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type GRPOConfigInput, type ResolvedGRPOConfig, resolveGRPOConfig } from './grpo-config';
import { trainGRPOStep } from './train-grpo';

export interface CreateGRPOAlgorithmOptions {
  /** The policy to train (no value head needed). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL loss; required when `config.klCoefficient` > 0, and never `policy` itself. */
  referencePolicy?: TrainableLanguageModel;
  config?: GRPOConfigInput;
}

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
