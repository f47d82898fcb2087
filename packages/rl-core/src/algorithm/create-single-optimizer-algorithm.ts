import { type AdamW, createAdamW } from '@rlver/optim';
import {
  type AlgorithmUpdateOptions,
  type AlgorithmUpdateResult,
  type AlgorithmV1,
  InvalidConfigError,
  type TrainableLanguageModel,
} from '@rlver/spec';
import { freezeReferencePolicy } from '../freeze-reference-policy';
import { createGuardedUpdater, type GuardedUpdater } from '../optim/guarded-update';
import { loadSingleOptimizerState, saveSingleOptimizerState } from '../state/single-optimizer-state';

/** The resolved config fields the shared factory reads: the KL switch and the AdamW / clipping settings. */
export interface SingleOptimizerConfigFields {
  klCoefficient: number;
  learningRate: number;
  adamBeta1: number;
  adamBeta2: number;
  adamEpsilon: number;
  weightDecay: number;
  maxGradNorm: number | null;
}

/** Live state of a critic-free run (GRPO, RLOO): the policy, its frozen reference, one optimizer and one guard. */
export interface CriticFreeTrainer<Config extends SingleOptimizerConfigFields> {
  policy: TrainableLanguageModel;
  referencePolicy?: TrainableLanguageModel;
  config: Readonly<Config>;
  optimizer: AdamW;
  updater: GuardedUpdater;
}

/** `AlgorithmV1` of a critic-free algorithm, plus its id, resolved config and a `dispose` for the optimizer state. */
export interface SingleOptimizerAlgorithm<Id extends string, Config extends SingleOptimizerConfigFields>
  extends AlgorithmV1 {
  readonly algorithmId: Id;
  readonly config: Readonly<Config>;
  dispose(): void;
}

/** What a critic-free algorithm's `create*Algorithm` takes: the policy, its frozen reference, the config input. */
export interface CreateCriticFreeAlgorithmOptions<ConfigInput> {
  /** The policy to train (no value head needed). */
  policy: TrainableLanguageModel;
  /** Frozen reference for the KL loss; required when `config.klCoefficient` > 0, and never `policy` itself. */
  referencePolicy?: TrainableLanguageModel;
  config?: ConfigInput;
}

/** What `createSingleOptimizerAlgorithm` wires together. */
export interface CreateSingleOptimizerAlgorithmOptions<Id extends string, Config extends SingleOptimizerConfigFields>
  extends Omit<CreateCriticFreeAlgorithmOptions<unknown>, 'config'> {
  /** Names the algorithm and its state files (`<id>-state.json`, `<id>-optimizer.json/.bin`). */
  algorithmId: Id;
  /** The already resolved (validated) config. */
  config: Readonly<Config>;
  /** One update on a batch: the algorithm's own step function. */
  step(trainer: CriticFreeTrainer<Config>, options: AlgorithmUpdateOptions): Promise<AlgorithmUpdateResult>;
}

/** Refuse a missing reference under a KL loss, and a reference that is the trained policy itself. */
function checkReferencePolicy(
  klCoefficient: number,
  policy: TrainableLanguageModel,
  referencePolicy: TrainableLanguageModel | undefined,
): void {
  if (klCoefficient > 0 && !referencePolicy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: `klCoefficient is ${klCoefficient} but no referencePolicy was given; pass referencePolicy or set klCoefficient 0.`,
    });
  }
  if (referencePolicy === policy) {
    throw new InvalidConfigError({
      field: 'referencePolicy',
      message: 'referencePolicy is the trained policy itself; load a separate frozen copy.',
    });
  }
}

/**
 * The factory every critic-free algorithm shares: checks and freezes the reference policy, builds one AdamW over
 * the policy variables behind the guarded updater, counts steps, and saves/loads the optimizer state. The
 * algorithm brings its resolved config and its step function. Config errors throw `InvalidConfigError` first.
 */
export function createSingleOptimizerAlgorithm<Id extends string, Config extends SingleOptimizerConfigFields>(
  options: CreateSingleOptimizerAlgorithmOptions<Id, Config>,
): SingleOptimizerAlgorithm<Id, Config> {
  const { algorithmId, policy, referencePolicy, config } = options;
  checkReferencePolicy(config.klCoefficient, policy, referencePolicy);
  freezeReferencePolicy(referencePolicy, policy);
  const optimizer = createAdamW({
    learningRate: config.learningRate,
    betas: [config.adamBeta1, config.adamBeta2],
    epsilon: config.adamEpsilon,
    weightDecay: config.weightDecay,
  });
  const trainer: CriticFreeTrainer<Config> = {
    policy,
    referencePolicy,
    config,
    optimizer,
    updater: createGuardedUpdater({
      variables: policy.policyVariables(),
      optimizer,
      maxGradNorm: config.maxGradNorm,
      // Non-finite updates are skipped here and counted by the trainer (maxConsecutiveSkippedUpdates), the one guard.
      maxConsecutiveSkips: Number.POSITIVE_INFINITY,
    }),
  };
  let nextStep = 0;
  return {
    specificationVersion: 'v1',
    algorithmId,
    config,
    async doUpdate(updateOptions) {
      const result = await options.step(trainer, updateOptions);
      nextStep = updateOptions.step + 1;
      return result;
    },
    saveState: (directory) => saveSingleOptimizerState(algorithmId, trainer, directory, nextStep),
    async loadState(directory) {
      nextStep = await loadSingleOptimizerState(algorithmId, trainer, directory);
    },
    dispose() {
      optimizer.dispose();
    },
  };
}
