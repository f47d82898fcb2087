import {
  type CriticFreeTrainer,
  criticFreeStepMetrics,
  meanLogProbDrift,
  type PackedBatch,
  scheduleAndPack,
  scoreSamples,
  updateOnSampleAdvantages,
} from '@rlver/rl-core';
import type { AlgorithmUpdateOptions, AlgorithmUpdateResult } from '@rlver/spec';
import { assignGroupAdvantages } from './assign-group-advantages';
import type { ResolvedGRPOConfig } from './grpo-config';

/** Live state of a GRPO run (rl-core's critic-free trainer with GRPO's config). */
export type GRPOTrainer = CriticFreeTrainer<ResolvedGRPOConfig>;

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
  const { config } = trainer;
  // 1. Learning-rate schedule; rollouts → samples.
  const packed = scheduleAndPack(trainer, options);
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
  const metrics = criticFreeStepMetrics('grpo', trainer, options, packed, grouped.metrics);
  const samples = grouped.keptSampleIndices.map((index) => packed.samples[index] as (typeof packed.samples)[number]);
  if (samples.length === 0) {
    warnings.push(
      'no trainable samples in this batch (all errored, empty or dropped by dynamic sampling); update skipped',
    );
    return { metrics: { ...metrics, 'grpo/skipped_updates': 0 }, skipped: true, warnings };
  }
  // 3. π_old and π_ref (no gradient).
  const scored = await scoreBatch(trainer, samples);
  metrics['rollout/logprob_abs_diff'] = scored.drift;
  // 4–5. Each sample's advantage on its loss tokens; epochs × minibatches (target-KL stop); metrics.
  return updateOnSampleAdvantages(
    'grpo',
    trainer,
    options,
    {
      samples,
      advantageIndices: grouped.keptSampleIndices,
      advantages: grouped.advantages,
      oldLogProbs: scored.oldLogProbs,
      referenceLogProbs: scored.referenceLogProbs,
    },
    metrics,
    warnings,
  );
}
