import type { AlgorithmUpdateOptions, AlgorithmUpdateResult } from '@rlver/spec';
import type { ActorRow } from '../actor-loss';
import { summarizeActorSteps } from '../actor-loss';
import type { KlEstimator } from '../losses/kl-estimators';
import type { PolicyObjectiveSettings } from '../losses/policy-objective';
import { type LearningRateDecay, scheduledLearningRate } from '../optim/learning-rate-schedule';
import { type ActorEpochsConfig, actorLossSettings, runActorEpochs } from '../optim/run-actor-epochs';
import { packTrajectories } from '../packing/pack-trajectories';
import type { PackedBatch, PackedSample, Packing } from '../packing/packed-sample';
import { computeRolloutMetrics } from '../rollout-metrics';
import type { CriticFreeTrainer, SingleOptimizerConfigFields } from './create-single-optimizer-algorithm';

/** The resolved config fields a critic-free step reads besides the factory's (schedule, packing, loss, epochs). */
export interface CriticFreeStepConfig extends SingleOptimizerConfigFields, ActorEpochsConfig {
  warmupSteps: number;
  totalSteps: number;
  learningRateDecay: LearningRateDecay;
  minLearningRateRatio: number;
  packing: Packing;
  clipRatioLow: number;
  clipRatioHigh: number | null;
  entropyCoefficient: number;
  lossAggregation: PolicyObjectiveSettings['aggregation'];
  klEstimator: KlEstimator;
}

/** Step 1 of a critic-free update: set this step's scheduled learning rate, then pack the rollouts into samples. */
export function scheduleAndPack(
  trainer: CriticFreeTrainer<CriticFreeStepConfig>,
  options: AlgorithmUpdateOptions,
): PackedBatch {
  const { config } = trainer;
  trainer.optimizer.learningRate = scheduledLearningRate({
    baseLearningRate: config.learningRate,
    step: options.step,
    warmupSteps: config.warmupSteps,
    totalSteps: config.totalSteps,
    decay: config.learningRateDecay,
    minRatio: config.minLearningRateRatio,
  });
  return packTrajectories(options.trajectories, config.packing);
}

/** The step's metrics so far, in this order: rollout metrics, the advantage metrics, `<prefix>/learning_rate`. */
export function criticFreeStepMetrics(
  prefix: string,
  trainer: CriticFreeTrainer<CriticFreeStepConfig>,
  options: AlgorithmUpdateOptions,
  packed: PackedBatch,
  advantageMetrics: Record<string, number>,
): Record<string, number> {
  return {
    ...computeRolloutMetrics(options.trajectories, packed, options.dialogues),
    ...advantageMetrics,
    [`${prefix}/learning_rate`]: trainer.optimizer.learningRate,
  };
}

/** The kept samples of a batch, scored, with one advantage per sample (spread over its loss tokens). */
export interface SampleAdvantageBatch {
  samples: readonly PackedSample[];
  /** Index into `advantages` of each sample (the kept sample indices of the packed batch). */
  advantageIndices: readonly number[];
  advantages: readonly number[];
  /** π_old per sample (recomputed or the sampler's). */
  oldLogProbs: readonly (readonly number[])[];
  /** π_ref per sample, with a KL loss. */
  referenceLogProbs?: readonly (readonly number[])[];
}

/**
 * Steps 3 to 5 of a critic-free update: each sample's advantage on its loss tokens, epochs × minibatches of
 * clipped-surrogate steps (early stop on `targetKl`), then the `<prefix>/…` actor metrics and the skip warning.
 */
export async function updateOnSampleAdvantages(
  prefix: string,
  trainer: CriticFreeTrainer<CriticFreeStepConfig>,
  options: AlgorithmUpdateOptions,
  batch: SampleAdvantageBatch,
  metrics: Record<string, number>,
  warnings: string[],
): Promise<AlgorithmUpdateResult> {
  const { config } = trainer;
  const rows: ActorRow[] = batch.samples.map((sample, index) => {
    const advantage = batch.advantages[batch.advantageIndices[index] ?? -1] ?? 0;
    return {
      tokenIds: sample.tokenIds,
      lossMask: sample.lossMask,
      oldLogProbs: batch.oldLogProbs[index] ?? [],
      advantages: sample.lossMask.map((flag) => flag * advantage),
      ...(batch.referenceLogProbs ? { referenceLogProbs: batch.referenceLogProbs[index] ?? [] } : {}),
    };
  });
  const actor = await runActorEpochs({
    policy: trainer.policy,
    rows,
    updater: trainer.updater,
    settings: actorLossSettings(config, { coefficient: config.klCoefficient, estimator: config.klEstimator }),
    config,
    step: options.step,
    signal: options.signal,
  });
  const summary = summarizeActorSteps(prefix, actor.steps);
  const skipped = summary[`${prefix}/skipped_updates`] ?? 0;
  if (skipped > 0) warnings.push(`${skipped} updates skipped: non-finite loss or gradient`);
  return {
    metrics: { ...metrics, ...summary, [`${prefix}/epochs_completed`]: actor.epochsCompleted },
    skipped: actor.steps.every((step) => step.skipped),
    warnings,
  };
}
