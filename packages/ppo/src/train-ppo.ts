import type { AdamW } from '@rlver/optim';
import {
  actorLossSettings,
  computeRolloutMetrics,
  type GuardedUpdater,
  type KlController,
  meanLogProbDrift,
  type PackedSample,
  packTrajectories,
  runActorEpochs,
  scheduledLearningRate,
  scoreSamples,
  summarizeActorSteps,
} from '@rlver/rl-core';
import type { AlgorithmUpdateOptions, AlgorithmUpdateResult, TrainableLanguageModel } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { computePPOAdvantages } from './compute-ppo-advantages';
import { createCriticFit } from './fit-critic';
import type { ResolvedPPOConfig } from './ppo-config';

/** Live state of a PPO run: models, optimizers, guarded updaters and the KL controller. */
export interface PPOTrainer {
  policy: TrainableLanguageModel;
  referencePolicy?: TrainableLanguageModel;
  config: Readonly<ResolvedPPOConfig>;
  actorOptimizer: AdamW;
  criticOptimizer: AdamW;
  actorUpdater: GuardedUpdater;
  criticUpdater: GuardedUpdater;
  klController: KlController;
}

/** Warm-up and decay of the actor and critic learning rates for `step`. */
function scheduleLearningRates(trainer: PPOTrainer, step: number): void {
  const { config } = trainer;
  const schedule = {
    step,
    totalSteps: config.totalSteps,
    decay: config.learningRateDecay,
    minRatio: config.minLearningRateRatio,
  };
  trainer.actorOptimizer.learningRate = scheduledLearningRate({
    ...schedule,
    baseLearningRate: config.learningRate,
    warmupSteps: config.warmupSteps,
  });
  trainer.criticOptimizer.learningRate = scheduledLearningRate({
    ...schedule,
    baseLearningRate: config.criticLearningRate,
    warmupSteps: config.criticWarmupSteps,
  });
}

/** π_old (recomputed or the sampler's), V_old with the value head's inputs when one minibatch reuses them, π_ref. */
async function scoreBatch(trainer: PPOTrainer, samples: readonly PackedSample[]) {
  const { config } = trainer;
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  const keepFeatures = Math.min(config.minibatchCount, samples.length) === 1;
  const current = await scoreSamples(trainer.policy, tokenRows, { ...scoring, withValues: true, keepFeatures });
  const sampled = samples.map((sample) => sample.sampledLogProbs);
  const reference =
    config.klMode !== 'none' && trainer.referencePolicy
      ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
      : undefined;
  return {
    current,
    oldLogProbs: config.oldLogProbSource === 'recompute' ? current.logProbs : sampled,
    reference,
    drift: meanLogProbDrift(
      samples.map((sample) => sample.lossMask),
      sampled,
      current.logProbs,
    ),
  };
}

/** One PPO update on a batch of finished dialogues (CleanRL `ppo.py` order). */
export async function trainPPOStep(
  trainer: PPOTrainer,
  options: AlgorithmUpdateOptions,
): Promise<AlgorithmUpdateResult> {
  const { policy, config, klController } = trainer;
  // 1. Learning rates; rollouts → samples.
  scheduleLearningRates(trainer, options.step);
  const packed = packTrajectories(options.trajectories, config.packing);
  const metrics: Record<string, number> = {
    ...computeRolloutMetrics(options.trajectories, packed, options.dialogues),
    'ppo/learning_rate': trainer.actorOptimizer.learningRate,
    'ppo/critic_learning_rate': trainer.criticOptimizer.learningRate,
    'ppo/kl_coefficient': klController.coefficient,
  };
  const warnings = packed.errorCount > 0 ? [`${packed.errorCount} errored trajectories skipped`] : [];
  const samples = packed.samples;
  if (samples.length === 0) {
    warnings.push('no trainable samples in this batch; update skipped');
    return { metrics: { ...metrics, 'ppo/skipped_updates': 0 }, skipped: true, warnings };
  }
  // 2. π_old, V_old (keeping the value head's inputs when one minibatch will reuse them) and π_ref, no gradient.
  const { current, oldLogProbs, reference, drift } = await scoreBatch(trainer, samples);
  try {
    metrics['rollout/logprob_abs_diff'] = drift;
    // 3. Per-token rewards (− β·KL with KL in reward), GAE advantages and value targets.
    const advantages = computePPOAdvantages({
      packed,
      oldLogProbs,
      oldValues: current.values ?? [],
      referenceLogProbs: reference?.logProbs,
      klController,
      config,
    });
    Object.assign(metrics, advantages.metrics);
    // 4. Epochs × minibatches: critic fit, then the actor step on the same weights; early stop on targetKl.
    const critic = createCriticFit({
      policy,
      updater: trainer.criticUpdater,
      rows: advantages.rows,
      oldFeatures: current.featureChunks,
      config,
    });
    const actor = await runActorEpochs({
      policy,
      rows: advantages.rows,
      updater: trainer.actorUpdater,
      settings: actorLossSettings(config, {
        coefficient: config.klMode === 'loss' ? klController.coefficient : 0,
        estimator: config.resolvedKlEstimator,
      }),
      config,
      step: options.step,
      signal: options.signal,
      beforeActorStep: critic.fitMinibatch,
      selectActorRows: (minibatchRows) => minibatchRows.filter((row) => row.lossMask.includes(1)),
    });
    // 5. Adaptive KL controller; metrics.
    if (config.klMode === 'reward') {
      metrics['ppo/kl_reward_mean'] = advantages.meanKlInReward;
      klController.update(advantages.meanKlInReward, samples.length);
    }
    const actorSummary = summarizeActorSteps('ppo', actor.steps);
    const criticSummary = critic.summary();
    const skippedUpdates = (actorSummary['ppo/skipped_updates'] ?? 0) + criticSummary.skipped;
    if (skippedUpdates > 0) warnings.push(`${skippedUpdates} updates skipped: non-finite loss or gradient`);
    return {
      metrics: {
        ...metrics,
        ...actorSummary,
        ...criticSummary.metrics,
        'ppo/skipped_updates': skippedUpdates,
        'ppo/epochs_completed': actor.epochsCompleted,
      },
      skipped: actor.steps.every((step) => step.skipped),
      warnings,
    };
  } finally {
    if (current.featureChunks) tf.dispose(current.featureChunks.map((chunk) => chunk.features));
  }
}
