import type { AdamW } from '@rlver/optim';
import {
  type ActorRow,
  type ActorStepRecord,
  assertErrorFraction,
  chunkSharingPrefixes,
  computeAggregationNormalizer,
  computeRolloutMetrics,
  createActorLoss,
  type GuardedUpdater,
  iterateMinibatches,
  meanLogProbDrift,
  packTrajectories,
  scheduledLearningRate,
  scoreSamples,
  summarizeActorSteps,
} from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type AlgorithmUpdateOptions, type AlgorithmUpdateResult, hashSeed } from '@rlver/spec';
import { mean } from '@rlver/stats';
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

/** Sizes of the groups that differ from `numGenerations`, as a warning (or null). */
function groupSizeWarning(groupSizes: ReadonlyMap<string, number>, numGenerations: number): string | null {
  const odd = [...groupSizes.entries()].filter(([, size]) => size !== numGenerations);
  if (odd.length === 0) return null;
  return `${odd.length} groups do not have numGenerations (${numGenerations}) members, e.g. "${odd[0]?.[0]}" has ${odd[0]?.[1]}`;
}

/** One GRPO update on a batch of finished dialogues (TRL `grpo_trainer.py` order, CleanRL layout). */
export async function trainGRPOStep(
  trainer: GRPOTrainer,
  options: AlgorithmUpdateOptions,
): Promise<AlgorithmUpdateResult> {
  const { policy, config } = trainer;
  const warnings: string[] = [];

  // ── 1. Learning-rate schedule ─────────────────────────────────────────────
  trainer.optimizer.learningRate = scheduledLearningRate({
    baseLearningRate: config.learningRate,
    step: options.step,
    warmupSteps: config.warmupSteps,
    totalSteps: config.totalSteps,
    decay: config.learningRateDecay,
    minRatio: config.minLearningRateRatio,
  });

  // ── 2. Rollouts → samples ─────────────────────────────────────────────────
  const packed = packTrajectories(options.trajectories, config.packing);
  assertErrorFraction(packed, config.maxErrorFraction);
  if (packed.errorCount > 0) warnings.push(`${packed.errorCount} errored trajectories skipped`);
  const groupSizes = new Map<string, number>();
  for (const dialogue of packed.dialogues)
    groupSizes.set(dialogue.groupId, (groupSizes.get(dialogue.groupId) ?? 0) + 1);
  const sizeWarning = groupSizeWarning(groupSizes, config.numGenerations);
  if (sizeWarning) warnings.push(sizeWarning);

  // ── 3. Group-relative advantages (+ dynamic sampling) ─────────────────────
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

  // ── 4. π_old and π_ref (no gradient) ──────────────────────────────────────
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  const sampled = samples.map((sample) => sample.sampledLogProbs);
  // With rollout log-probs, one micro-batch is enough to watch sampler/trainer drift (saves a forward pass).
  const recompute = config.oldLogProbSource === 'recompute';
  const scoredCount = recompute ? tokenRows.length : Math.min(tokenRows.length, config.microBatchSize);
  const current = await scoreSamples(policy, tokenRows.slice(0, scoredCount), scoring);
  const oldLogProbs = recompute ? current.logProbs : sampled;
  const reference =
    config.klCoefficient > 0 && trainer.referencePolicy
      ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
      : undefined;
  metrics['rollout/logprob_abs_diff'] = meanLogProbDrift(
    samples.slice(0, scoredCount).map((sample) => sample.lossMask),
    sampled.slice(0, scoredCount),
    current.logProbs,
  );
  const rows: ActorRow[] = samples.map((sample, index) => {
    const advantage = grouped.advantages[grouped.keptSampleIndices[index] ?? -1] ?? 0;
    return {
      tokenIds: sample.tokenIds,
      lossMask: sample.lossMask,
      oldLogProbs: oldLogProbs[index] ?? [],
      advantages: sample.lossMask.map((flag) => flag * advantage),
      ...(reference ? { referenceLogProbs: reference.logProbs[index] ?? [] } : {}),
    };
  });

  // ── 5. Epochs × minibatches ───────────────────────────────────────────────
  const settings = {
    clipRatioLow: config.clipRatio,
    clipRatioHigh: config.resolvedClipRatioHigh,
    entropyCoefficient: config.entropyCoefficient,
    klLossCoefficient: config.klCoefficient,
    klEstimator: config.klEstimator,
    aggregation: config.lossAggregation,
  };
  const steps: ActorStepRecord[] = [];
  let epochsCompleted = 0;
  let epochKl: number[] = [];
  const minibatches = iterateMinibatches({
    sampleCount: rows.length,
    minibatchCount: config.minibatchCount,
    epochs: config.epochs,
    seed: hashSeed(config.seed, options.step),
  });
  for (const minibatch of minibatches) {
    options.signal?.throwIfAborted();
    const minibatchRows = minibatch.indices.map((index) => rows[index] as ActorRow);
    const normalizer = computeAggregationNormalizer(minibatchRows, config.lossNormalizer);
    const result = await trainer.updater.step(
      chunkSharingPrefixes(minibatchRows, config.microBatchSize, (row) => row.tokenIds).map((microRows) =>
        createActorLoss({ policy, rows: microRows, settings, normalizer, temperature: config.samplingTemperature }),
      ),
    );
    steps.push({ ...result, tokenCount: normalizer.tokenCount });
    epochKl.push((result.metrics.approxKlSum ?? 0) / Math.max(normalizer.tokenCount, 1));
    if (minibatch.lastInEpoch) {
      epochsCompleted += 1;
      const stop = config.targetKl !== null && mean(epochKl) > config.targetKl;
      epochKl = [];
      if (stop) break;
    }
  }

  // ── 6. Metrics ────────────────────────────────────────────────────────────
  const summary = summarizeActorSteps('grpo', steps);
  if ((summary['grpo/skipped_updates'] ?? 0) > 0) {
    warnings.push(`${summary['grpo/skipped_updates']} updates skipped: non-finite loss or gradient`);
  }
  return {
    metrics: { ...metrics, ...summary, 'grpo/epochs_completed': epochsCompleted },
    skipped: steps.every((step) => step.skipped),
    warnings,
  };
}
