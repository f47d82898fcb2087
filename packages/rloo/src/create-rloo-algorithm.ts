import { createAdamW } from '@rlver/optim';
import { createGuardedUpdater, freezeReferencePolicy } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type AlgorithmV1, InvalidConfigError } from '@rlver/spec';
import { type ResolvedRLOOConfig, type RLOOConfigInput, resolveRLOOConfig } from './rloo-config';
import { loadRLOOState, saveRLOOState } from './rloo-state';
import { type RLOOTrainer, trainRLOOStep } from './train-rloo';

export interface CreateRLOOAlgorithmOptions {
  /** The policy to train (no value head needed). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL loss; required when `config.klCoefficient` > 0. */
  referencePolicy?: TrainableLanguageModel;
  config?: RLOOConfigInput;
}

/** `AlgorithmV1` for RLOO, plus its resolved config and a `dispose` for the optimizer state. */
export interface RLOOAlgorithm extends AlgorithmV1 {
  readonly algorithmId: 'rloo';
  readonly config: Readonly<ResolvedRLOOConfig>;
  dispose(): void;
}

/**
 * RLOO: each rollout's reward minus the mean of the other rollouts of its group as the advantage (no critic, no
 * std scaling), clipped surrogate, entropy bonus, optional KL loss. Config errors throw `InvalidConfigError` first.
 */
export function createRLOOAlgorithm(options: CreateRLOOAlgorithmOptions): RLOOAlgorithm {
  const config = resolveRLOOConfig(options.config);
  if (config.klCoefficient > 0 && !options.referencePolicy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: `klCoefficient is ${config.klCoefficient} but no referencePolicy was given; pass referencePolicy or set klCoefficient 0.`,
    });
  }
  freezeReferencePolicy(options.referencePolicy, options.policy);
  const optimizer = createAdamW({
    learningRate: config.learningRate,
    betas: [config.adamBeta1, config.adamBeta2],
    epsilon: config.adamEpsilon,
    weightDecay: config.weightDecay,
  });
  const trainer: RLOOTrainer = {
    policy: options.policy,
    referencePolicy: options.referencePolicy,
    config,
    optimizer,
    // Non-finite updates are skipped here and counted by the trainer (maxConsecutiveSkippedUpdates), the one guard.
    updater: createGuardedUpdater({
      variables: options.policy.policyVariables(),
      optimizer,
      maxGradNorm: config.maxGradNorm,
      maxConsecutiveSkips: Number.POSITIVE_INFINITY,
    }),
  };
  let nextStep = 0;
  return {
    specificationVersion: 'v1',
    algorithmId: 'rloo',
    config,
    async doUpdate(updateOptions) {
      const result = await trainRLOOStep(trainer, updateOptions);
      nextStep = updateOptions.step + 1;
      return result;
    },
    saveState: (directory) => saveRLOOState(trainer, directory, nextStep),
    async loadState(directory) {
      nextStep = await loadRLOOState(trainer, directory);
    },
    dispose() {
      optimizer.dispose();
    },
  };
}
