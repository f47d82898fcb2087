import { createSingleOptimizerAlgorithm, type SingleOptimizerAlgorithm } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type ResolvedRLOOConfig, type RLOOConfigInput, resolveRLOOConfig } from './rloo-config';
import { trainRLOOStep } from './train-rloo';

export interface CreateRLOOAlgorithmOptions {
  /** The policy to train (no value head needed). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL loss; required when `config.klCoefficient` > 0, and never `policy` itself. */
  referencePolicy?: TrainableLanguageModel;
  config?: RLOOConfigInput;
}

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
