import type { AdamW } from '@rlver/optim';
import {
  type ActorRow,
  actorLossSettings,
  computeRolloutMetrics,
  type GuardedUpdater,
  meanLogProbDrift,
  type PackedBatch,
  packTrajectories,
  runActorEpochs,
  scheduledLearningRate,
  scoreSamples,
  summarizeActorSteps,
} from '@rlver/rl-core';
import type { AlgorithmUpdateOptions, AlgorithmUpdateResult, TrainableLanguageModel } from '@rlver/spec';
import { assignGroupAdvantages } from './assign-group-advantages';
import type { ResolvedGRPOConfig } from './grpo-config';

/** Live state of a GRPO run. */
export interface GRPOTrainer {
  policy: TrainableLanguageModel;
  referencePolicy?: TrainableLanguageModel;
  config: Readonly<ResolvedGRPOConfig>;
  optimizer: AdamW;
  updater: GuardedUpdater;
}

/** Sizes of the groups that differ from `groupSize`, as a warning (or null). */
export function groupSizeWarning(packed: PackedBatch, groupSize: number): string | null {
  const sizes = new Map<string, number>();
  for (const dialogue of packed.dialogues) sizes.set(dialogue.groupId, (sizes.get(dialogue.groupId) ?? 0) + 1);
  const odd = [...sizes.entries()].filter(([, size]) => size !== groupSize);
  if (odd.length === 0) return null;
  return `${odd.length} groups do not have groupSize (${groupSize}) members, e.g. "${odd[0]?.[0]}" has ${odd[0]?.[1]}`;
}

/**
 * π_old (recomputed, or the sampler's with one micro-batch scored to watch sampler/trainer drift) and π_ref of the
 * kept samples, without gradient.
 */
async function scoreBatch(trainer: GRPOTrainer, samples: readonly PackedBatch['samples'][number][]) {
  const { config } = trainer;
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  const sampled = samples.map((sample) => sample.sampledLogProbs);
  const recompute = config.oldLogProbSource === 'recompute';
  const scoredCount = recompute ? tokenRows.length : Math.min(tokenRows.length, config.microBatchSize);
  const current = await scoreSamples(trainer.policy, tokenRows.slice(0, scoredCount), scoring);
  const reference =
    config.klCoefficient > 0 && trainer.referencePolicy
      ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
      : undefined;
  return {
    oldLogProbs: recompute ? current.logProbs : sampled,
    referenceLogProbs: reference?.logProbs,
    drift: meanLogProbDrift(
      samples.slice(0, scoredCount).map((sample) => sample.lossMask),
      sampled.slice(0, scoredCount),
      current.logProbs,
    ),
  };
}

/** One GRPO update on a batch of finished dialogues (TRL `grpo_trainer.py` order, CleanRL layout). */
export async function trainGRPOStep(
  trainer: GRPOTrainer,
  options: AlgorithmUpdateOptions,
): Promise<AlgorithmUpdateResult> {
  const { policy, config } = trainer;
  // 1. Learning-rate schedule; rollouts → samples.
  trainer.optimizer.learningRate = scheduledLearningRate({
    baseLearningRate: config.learningRate,
    step: options.step,
    warmupSteps: config.warmupSteps,
    totalSteps: config.totalSteps,
    decay: config.learningRateDecay,
    minRatio: config.minLearningRateRatio,
  });
  const packed = packTrajectories(options.trajectories, config.packing);
  const warnings = packed.errorCount > 0 ? [`${packed.errorCount} errored trajectories skipped`] : [];
  const sizeWarning = groupSizeWarning(packed, config.groupSize);
  if (sizeWarning) warnings.push(sizeWarning);
  // 2. Group-relative advantages (+ dynamic sampling).
  const grouped = assignGroupAdvantages(packed, {
    groupStatistics: config.groupStatistics,
    scaleRewards: config.scaleRewards,
    epsilon: config.advantageEpsilon,
    dynamicSampling: config.dynamicSampling,
  });
  const metrics: Record<string, number> = {
    ...computeRolloutMetrics(options.trajectories, packed, options.dialogues),
    ...grouped.metrics,
    'grpo/learning_rate': trainer.optimizer.learningRate,
  };
  const samples = grouped.keptSampleIndices.map((index) => packed.samples[index] as (typeof packed.samples)[number]);
  if (samples.length === 0) {
    warnings.push(
      'no trainable samples in this batch (all errored, empty or dropped by dynamic sampling); update skipped',
    );
    return { metrics: { ...metrics, 'grpo/skipped_updates': 0 }, skipped: true, warnings };
  }
  // 3. π_old and π_ref (no gradient); each sample's advantage on its loss tokens.
  const scored = await scoreBatch(trainer, samples);
  metrics['rollout/logprob_abs_diff'] = scored.drift;
  const rows: ActorRow[] = samples.map((sample, index) => {
    const advantage = grouped.advantages[grouped.keptSampleIndices[index] ?? -1] ?? 0;
    return {
      tokenIds: sample.tokenIds,
      lossMask: sample.lossMask,
      oldLogProbs: scored.oldLogProbs[index] ?? [],
      advantages: sample.lossMask.map((flag) => flag * advantage),
      ...(scored.referenceLogProbs ? { referenceLogProbs: scored.referenceLogProbs[index] ?? [] } : {}),
    };
  });
  // 4. Epochs × minibatches of clipped-surrogate steps; early stop on targetKl.
  const actor = await runActorEpochs({
    policy,
    rows,
    updater: trainer.updater,
    settings: actorLossSettings(config, { coefficient: config.klCoefficient, estimator: config.klEstimator }),
    config,
    step: options.step,
    signal: options.signal,
  });
  // 5. Metrics.
  const summary = summarizeActorSteps('grpo', actor.steps);
  if ((summary['grpo/skipped_updates'] ?? 0) > 0) {
    warnings.push(`${summary['grpo/skipped_updates']} updates skipped: non-finite loss or gradient`);
  }
  return {
    metrics: { ...metrics, ...summary, 'grpo/epochs_completed': actor.epochsCompleted },
    skipped: actor.steps.every((step) => step.skipped),
    warnings,
  };
}
