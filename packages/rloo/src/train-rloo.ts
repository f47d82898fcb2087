import {
  type CriticFreeTrainer,
  criticFreeStepMetrics,
  meanLogProbDrift,
  scheduleAndPack,
  scoreSamples,
  updateOnSampleAdvantages,
} from '@rlver/rl-core';
import type { AlgorithmUpdateOptions, AlgorithmUpdateResult } from '@rlver/spec';
import { assignLeaveOneOutAdvantages } from './assign-leave-one-out-advantages';
import type { ResolvedRLOOConfig } from './rloo-config';

/** Live state of an RLOO run (rl-core's critic-free trainer with RLOO's config). */
export type RLOOTrainer = CriticFreeTrainer<ResolvedRLOOConfig>;

/** One RLOO update: REINFORCE with a leave-one-out baseline, through the shared clipped-surrogate epochs. */
export async function trainRLOOStep(
  trainer: RLOOTrainer,
  options: AlgorithmUpdateOptions,
): Promise<AlgorithmUpdateResult> {
  const { policy, config } = trainer;
  // 1. Learning-rate schedule; rollouts → samples.
  const packed = scheduleAndPack(trainer, options);
  // 2. Leave-one-out advantages per group (+ dynamic sampling).
  const loo = assignLeaveOneOutAdvantages(packed, config);
  const warnings = [
    packed.errorCount > 0 ? `${packed.errorCount} errored trajectories skipped` : null,
    loo.warning,
  ].filter((warning): warning is string => warning !== null);
  const metrics = criticFreeStepMetrics('rloo', trainer, options, packed, loo.metrics);
  const samples = loo.keptSampleIndices.map((index) => packed.samples[index] as (typeof packed.samples)[number]);
  if (samples.length === 0) {
    warnings.push('no trainable samples in this batch; update skipped');
    return { metrics: { ...metrics, 'rloo/skipped_updates': 0 }, skipped: true, warnings };
  }
  // 3. π_old (recomputed or the sampler's) and π_ref, no gradient.
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  const current = await scoreSamples(policy, tokenRows, scoring);
  const sampled = samples.map((sample) => sample.sampledLogProbs);
  const reference =
    config.klCoefficient > 0 && trainer.referencePolicy
      ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
      : undefined;
  const lossMasks = samples.map((sample) => sample.lossMask);
  metrics['rollout/logprob_abs_diff'] = meanLogProbDrift(lossMasks, sampled, current.logProbs);
  // 4–5. Each sample's advantage on its loss tokens; epochs × minibatches (target-KL stop); metrics.
  return updateOnSampleAdvantages(
    'rloo',
    trainer,
    options,
    {
      samples,
      advantageIndices: loo.keptSampleIndices,
      advantages: loo.advantages,
      oldLogProbs: config.oldLogProbSource === 'recompute' ? current.logProbs : sampled,
      referenceLogProbs: reference?.logProbs,
    },
    metrics,
    warnings,
  );
}
