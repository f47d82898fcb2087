import { createAdamW } from '@rlver/optim';
import { createGuardedUpdater, createKlController, freezeReferencePolicy } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type AlgorithmV1, InvalidConfigError } from '@rlver/spec';
import { type PPOConfigInput, type ResolvedPPOConfig, resolvePPOConfig } from './ppo-config';
import { loadPPOState, savePPOState } from './ppo-state';
import { type PPOTrainer, trainPPOStep } from './train-ppo';

export interface CreatePPOAlgorithmOptions {
  /** The policy to train; needs a value head (the critic). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL term; required when `config.klMode` is not `none`. */
  referencePolicy?: TrainableLanguageModel;
  config?: PPOConfigInput;
}

/** `AlgorithmV1` for PPO, plus its resolved config and a `dispose` for the optimizer state. */
export interface PPOAlgorithm extends AlgorithmV1 {
  readonly algorithmId: 'ppo';
  readonly config: Readonly<ResolvedPPOConfig>;
  dispose(): void;
}

function assertModels(options: CreatePPOAlgorithmOptions, config: ResolvedPPOConfig): void {
  if (!options.policy.hasValueHead || options.policy.valueVariables().length === 0) {
    throw new InvalidConfigError({
      field: 'policy',
      message: 'PPO needs a value head (critic): create the policy with a value head, or use GRPO (no critic).',
    });
  }
  const policyVariables = new Set(options.policy.policyVariables());
  if (options.policy.valueVariables().some((variable) => policyVariables.has(variable))) {
    throw new InvalidConfigError({
      field: 'policy',
      message: 'policyVariables() and valueVariables() overlap; the critic must own its head variables.',
    });
  }
  if (config.klMode !== 'none' && !options.referencePolicy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: `klMode is '${config.klMode}' but no referencePolicy was given; pass referencePolicy or set klMode 'none'.`,
    });
  }
  if (options.referencePolicy === options.policy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: 'referencePolicy is the trained policy itself; load a separate frozen copy.',
    });
  }
}

/**
 * PPO with the policy's value head as critic (own optimizer and learning rate), GAE over policy tokens, clipped
 * surrogate and value loss, entropy bonus, optional KL to a reference (spec §6.1, §6.3). Config errors throw
 * `InvalidConfigError` before anything is allocated.
 */
export function createPPOAlgorithm(options: CreatePPOAlgorithmOptions): PPOAlgorithm {
  const config = resolvePPOConfig(options.config);
  assertModels(options, config);
  freezeReferencePolicy(options.referencePolicy, options.policy);
  const adam = {
    betas: [config.adamBeta1, config.adamBeta2] as [number, number],
    epsilon: config.adamEpsilon,
    weightDecay: config.weightDecay,
  };
  const actorOptimizer = createAdamW({ ...adam, learningRate: config.learningRate });
  const criticOptimizer = createAdamW({ ...adam, learningRate: config.criticLearningRate });
  // Non-finite updates are skipped here and counted by the trainer (maxConsecutiveSkippedUpdates), the one guard.
  const guard = { maxGradNorm: config.maxGradNorm, maxConsecutiveSkips: Number.POSITIVE_INFINITY };
  const trainer: PPOTrainer = {
    policy: options.policy,
    referencePolicy: options.referencePolicy,
    config,
    actorOptimizer,
    criticOptimizer,
    actorUpdater: createGuardedUpdater({
      variables: options.policy.policyVariables(),
      optimizer: actorOptimizer,
      ...guard,
    }),
    criticUpdater: createGuardedUpdater({
      variables: options.policy.valueVariables(),
      optimizer: criticOptimizer,
      ...guard,
    }),
    klController: createKlController({
      kind: config.klController,
      initialCoefficient: config.klCoefficient,
      targetKl: config.klTarget,
      horizon: config.klHorizon,
    }),
  };
  let nextStep = 0;
  return {
    specificationVersion: 'v1',
    algorithmId: 'ppo',
    config,
    async doUpdate(updateOptions) {
      const result = await trainPPOStep(trainer, updateOptions);
      nextStep = updateOptions.step + 1;
      return result;
    },
    saveState: (directory) => savePPOState(trainer, directory, nextStep),
    async loadState(directory) {
      nextStep = await loadPPOState(trainer, directory);
    },
    dispose() {
      actorOptimizer.dispose();
      criticOptimizer.dispose();
    },
  };
}
