import { createAdamW } from '@rlver/optim';
import { createGuardedUpdater, freezeReferencePolicy } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type AlgorithmV1, InvalidConfigError } from '@rlver/spec';
import { type GRPOConfigInput, type ResolvedGRPOConfig, resolveGRPOConfig } from './grpo-config';
import { loadGRPOState, saveGRPOState } from './grpo-state';
import { type GRPOTrainer, trainGRPOStep } from './train-grpo';

export interface CreateGRPOAlgorithmOptions {
  /** The policy to train (no value head needed). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL loss; required when `config.klCoefficient` > 0. */
  referencePolicy?: TrainableLanguageModel;
  config?: GRPOConfigInput;
}

/** `AlgorithmV1` for GRPO, plus its resolved config and a `dispose` for the optimizer state. */
export interface GRPOAlgorithm extends AlgorithmV1 {
  readonly algorithmId: 'grpo';
  readonly config: Readonly<ResolvedGRPOConfig>;
  dispose(): void;
}

/**
 * GRPO: group-normalised terminal rewards as advantages (no critic), clipped surrogate, entropy bonus, optional
 * KL loss, optional dynamic sampling (spec §6.2, §6.3). Config errors throw `InvalidConfigError` first.
 */
export function createGRPOAlgorithm(options: CreateGRPOAlgorithmOptions): GRPOAlgorithm {
  const config = resolveGRPOConfig(options.config);
  if (config.klCoefficient > 0 && !options.referencePolicy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: `klCoefficient is ${config.klCoefficient} but no referencePolicy was given; pass referencePolicy or set klCoefficient 0.`,
    });
  }
  if (options.referencePolicy === options.policy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: 'referencePolicy is the trained policy itself; load a separate frozen copy.',
    });
  }
  freezeReferencePolicy(options.referencePolicy, options.policy);
  const optimizer = createAdamW({
    learningRate: config.learningRate,
    betas: [config.adamBeta1, config.adamBeta2],
    epsilon: config.adamEpsilon,
    weightDecay: config.weightDecay,
  });
  const trainer: GRPOTrainer = {
    policy: options.policy,
    referencePolicy: options.referencePolicy,
    config,
    optimizer,
    updater: createGuardedUpdater({
      variables: options.policy.policyVariables(),
      optimizer,
      maxGradNorm: config.maxGradNorm,
      // Non-finite updates are skipped here and counted by the trainer (maxConsecutiveSkippedUpdates), the one guard.
      maxConsecutiveSkips: Number.POSITIVE_INFINITY,
    }),
  };
  let nextStep = 0;
  return {
    specificationVersion: 'v1',
    algorithmId: 'grpo',
    config,
    async doUpdate(updateOptions) {
      const result = await trainGRPOStep(trainer, updateOptions);
      nextStep = updateOptions.step + 1;
      return result;
    },
    saveState: (directory) => saveGRPOState(trainer, directory, nextStep),
    async loadState(directory) {
      nextStep = await loadGRPOState(trainer, directory);
    },
    dispose() {
      optimizer.dispose();
    },
  };
}
