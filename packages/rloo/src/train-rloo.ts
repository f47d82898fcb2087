import type { AdamW } from '@rlver/optim';
import {
  type ActorRow,
  actorLossSettings,
  computeRolloutMetrics,
  type GuardedUpdater,
  meanLogProbDrift,
  packTrajectories,
  runActorEpochs,
  scheduledLearningRate,
  scoreSamples,
  summarizeActorSteps,
} from '@rlver/rl-core';
import type { AlgorithmUpdateOptions, AlgorithmUpdateResult, TrainableLanguageModel } from '@rlver/spec';
import { assignLeaveOneOutAdvantages } from './assign-leave-one-out-advantages';
import type { ResolvedRLOOConfig } from './rloo-config';

/** Live state of an RLOO run. */
export interface RLOOTrainer {
  policy: TrainableLanguageModel;
  referencePolicy?: TrainableLanguageModel;
  config: Readonly<ResolvedRLOOConfig>;
  optimizer: AdamW;
  updater: GuardedUpdater;
}

/** One RLOO update: REINFORCE with a leave-one-out baseline, through the shared clipped-surrogate epochs. */
export async function trainRLOOStep(
  trainer: RLOOTrainer,
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
  // 2. Leave-one-out advantages per group (+ dynamic sampling).
  const loo = assignLeaveOneOutAdvantages(packed, config);
  const warnings = [packed.errorCount > 0 ? `${packed.errorCount} errored trajectories skipped` : null, loo.warning];
  const metrics: Record<string, number> = {
    ...computeRolloutMetrics(options.trajectories, packed, options.dialogues),
    ...loo.metrics,
    'rloo/learning_rate': trainer.optimizer.learningRate,
  };
  const samples = loo.keptSampleIndices.map((index) => packed.samples[index] as (typeof packed.samples)[number]);
  if (samples.length === 0) {
    warnings.push('no trainable samples in this batch; update skipped');
    return { metrics: { ...metrics, 'rloo/skipped_updates': 0 }, skipped: true, warnings: warnings.filter(isText) };
  }
  // 3. π_old (recomputed or the sampler's) and π_ref, no gradient; each sample's advantage on its loss tokens.
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  const current = await scoreSamples(policy, tokenRows, scoring);
  const sampled = samples.map((sample) => sample.sampledLogProbs);
  const oldLogProbs = config.oldLogProbSource === 'recompute' ? current.logProbs : sampled;
  const reference =
    config.klCoefficient > 0 && trainer.referencePolicy
      ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
      : undefined;
  const lossMasks = samples.map((sample) => sample.lossMask);
  metrics['rollout/logprob_abs_diff'] = meanLogProbDrift(lossMasks, sampled, current.logProbs);
  const rows: ActorRow[] = samples.map((sample, index) => {
    const advantage = loo.advantages[loo.keptSampleIndices[index] ?? -1] ?? 0;
    return {
      tokenIds: sample.tokenIds,
      lossMask: sample.lossMask,
      oldLogProbs: oldLogProbs[index] ?? [],
      advantages: sample.lossMask.map((flag) => flag * advantage),
      ...(reference ? { referenceLogProbs: reference.logProbs[index] ?? [] } : {}),
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
  const summary = summarizeActorSteps('rloo', actor.steps);
  if ((summary['rloo/skipped_updates'] ?? 0) > 0) {
    warnings.push(`${summary['rloo/skipped_updates']} updates skipped: non-finite loss or gradient`);
  }
  return {
    metrics: { ...metrics, ...summary, 'rloo/epochs_completed': actor.epochsCompleted },
    skipped: actor.steps.every((step) => step.skipped),
    warnings: warnings.filter(isText),
  };
}

const isText = (value: string | null): value is string => value !== null;
