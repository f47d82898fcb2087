import type { AdamW } from '@rlver/optim';
import {
  type ActorStepRecord,
  assertErrorFraction,
  chunkSharingPrefixes,
  computeAggregationNormalizer,
  computeRolloutMetrics,
  createActorLoss,
  findUniformGroupSamples,
  type GuardedUpdater,
  iterateMinibatches,
  type KlController,
  meanLogProbDrift,
  packTrajectories,
  scheduledLearningRate,
  scoreSamples,
  summarizeActorSteps,
} from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import { type AlgorithmUpdateOptions, type AlgorithmUpdateResult, hashSeed } from '@rlver/spec';
import { mean } from '@rlver/stats';
import * as tf from '@tensorflow/tfjs-core';
import { computePPORows, summarizePPORows } from './compute-ppo-rows';
import { computeTokenRewards } from './compute-token-rewards';
import type { ResolvedPPOConfig } from './ppo-config';
import { computeValueFeatures, createCriticLoss } from './ppo-loss';

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

/** One PPO update on a batch of finished dialogues (CleanRL `ppo.py` order). */
export async function trainPPOStep(
  trainer: PPOTrainer,
  options: AlgorithmUpdateOptions,
): Promise<AlgorithmUpdateResult> {
  const { policy, config } = trainer;
  const warnings: string[] = [];

  // ── 1. Learning-rate schedule ─────────────────────────────────────────────
  const schedule = {
    step: options.step,
    totalSteps: config.totalSteps,
    decay: config.learningRateDecay,
    minRatio: config.minLearningRateRatio,
  };
  trainer.actorOptimizer.learningRate = scheduledLearningRate({
    ...schedule,
    baseLearningRate: config.actorLearningRate,
    warmupSteps: config.actorWarmupSteps,
  });
  trainer.criticOptimizer.learningRate = scheduledLearningRate({
    ...schedule,
    baseLearningRate: config.criticLearningRate,
    warmupSteps: config.criticWarmupSteps,
  });

  // ── 2. Rollouts → samples ─────────────────────────────────────────────────
  const packed = packTrajectories(options.trajectories, config.packing);
  assertErrorFraction(packed, config.maxErrorFraction);
  const metrics: Record<string, number> = {
    ...computeRolloutMetrics(options.trajectories, packed, options.dialogues),
    'ppo/learning_rate': trainer.actorOptimizer.learningRate,
    'ppo/critic_learning_rate': trainer.criticOptimizer.learningRate,
    'ppo/kl_coefficient': trainer.klController.coefficient,
  };
  if (packed.errorCount > 0) warnings.push(`${packed.errorCount} errored trajectories skipped`);
  const samples = packed.samples;
  if (samples.length === 0) {
    warnings.push('no trainable samples in this batch; update skipped');
    return { metrics: { ...metrics, 'ppo/skipped_updates': 0 }, skipped: true, warnings };
  }

  // ── 3. π_old, V_old (and the value head's inputs) and π_ref (no gradient) ──
  const tokenRows = samples.map((sample) => sample.tokenIds);
  const scoring = { microBatchSize: config.microBatchSize, temperature: config.samplingTemperature };
  // With one minibatch the first critic step fits the head on exactly these features: keep them (one forward
  // pass less per step).
  const keepFeatures = Math.min(config.minibatchCount, samples.length) === 1;
  const current = await scoreSamples(policy, tokenRows, { ...scoring, withValues: true, keepFeatures });
  const oldFeatures = current.featureChunks;
  try {
    const sampled = samples.map((sample) => sample.sampledLogProbs);
    const oldLogProbs = config.oldLogProbSource === 'recompute' ? current.logProbs : sampled;
    const oldValues = current.values ?? [];
    const useReference = config.klMode !== 'none' && trainer.referencePolicy !== undefined;
    const reference =
      useReference && trainer.referencePolicy
        ? await scoreSamples(trainer.referencePolicy, tokenRows, scoring)
        : undefined;
    metrics['rollout/logprob_abs_diff'] = meanLogProbDrift(
      samples.map((sample) => sample.lossMask),
      sampled,
      current.logProbs,
    );

    // ── 4. Rewards (+ KL in reward) and GAE advantages ────────────────────────
    const klInReward = config.klMode === 'reward' ? reference?.logProbs : undefined;
    const tokenRewards = samples.map((sample, index) =>
      computeTokenRewards({
        sample,
        oldLogProbs: oldLogProbs[index] ?? [],
        referenceLogProbs: klInReward?.[index],
        klCoefficient: trainer.klController.coefficient,
        klEstimator: config.resolvedKlEstimator,
      }),
    );
    const uniform = config.dynamicSampling ? findUniformGroupSamples(packed) : undefined;
    if (uniform) metrics['ppo/dropped_group_fraction'] = uniform.uniformGroups / Math.max(uniform.groups, 1);
    const { rows, rawAdvantages } = computePPORows({
      excludedFromActor: uniform?.sampleIndices,
      samples,
      tokenRewards: tokenRewards.map((item) => item.rewards),
      oldLogProbs,
      oldValues,
      referenceLogProbs: config.klMode === 'loss' ? reference?.logProbs : undefined,
      config,
    });
    Object.assign(metrics, summarizePPORows(rows, rawAdvantages));

    // ── 5. Epochs × minibatches: critic then actor step per minibatch, both on the same weights ─
    const actorSteps: ActorStepRecord[] = [];
    const criticLosses: number[] = [];
    const criticNorms: number[] = [];
    let criticSkips = 0;
    let valueClipped = 0;
    let valueTokens = 0;
    let epochsCompleted = 0;
    let epochKl: number[] = [];
    const settings = {
      clipRatioLow: config.clipRatio,
      clipRatioHigh: config.resolvedClipRatioHigh,
      entropyCoefficient: config.entropyCoefficient,
      klLossCoefficient: config.klMode === 'loss' ? trainer.klController.coefficient : 0,
      klEstimator: config.resolvedKlEstimator,
      aggregation: config.lossAggregation,
    };
    const minibatches = iterateMinibatches({
      sampleCount: rows.length,
      minibatchCount: config.minibatchCount,
      epochs: config.epochs,
      seed: hashSeed(config.seed, options.step),
    });
    for (const minibatch of minibatches) {
      options.signal?.throwIfAborted();
      const minibatchRows = minibatch.indices.map((index) => rows[index] as (typeof rows)[number]);
      const microBatches = chunkSharingPrefixes(minibatchRows, config.microBatchSize, (row) => row.tokenIds);
      const temperature = config.samplingTemperature;
      // Critic: the head's inputs under the current trunk once (π_old's, kept from step 3, on the first
      // minibatch), then `criticEpochs` steps of the head alone.
      const tokenCount = minibatchRows.reduce((total, row) => total + row.valueMask.reduce((a, b) => a + b, 0), 0);
      const reuseOld = oldFeatures !== undefined && minibatch.epoch === 0;
      const criticBatches = reuseOld
        ? oldFeatures.map((chunk) => ({
            rows: chunk.sampleIndices.map((index) => rows[index] as (typeof rows)[number]),
            features: chunk.features,
          }))
        : microBatches.map((microRows) => ({
            rows: microRows,
            features: computeValueFeatures(policy, microRows, temperature),
          }));
      try {
        for (let criticEpoch = 0; criticEpoch < config.criticEpochs; criticEpoch += 1) {
          const critic = await trainer.criticUpdater.step(
            criticBatches.map((batch) =>
              createCriticLoss({
                policy,
                rows: batch.rows,
                features: batch.features,
                valueClip: config.valueClip,
                tokenCount,
              }),
            ),
          );
          criticLosses.push(critic.loss);
          if (Number.isFinite(critic.gradNorm)) criticNorms.push(critic.gradNorm);
          if (critic.skipped) criticSkips += 1;
          if (criticEpoch === 0) valueClipped += critic.metrics.valueClippedSum ?? 0;
        }
      } finally {
        if (!reuseOld) tf.dispose(criticBatches.map((batch) => batch.features));
      }
      valueTokens += tokenCount;
      // Actor: the rows with loss tokens (dynamic sampling leaves uniform groups to the critic).
      const actorRows = minibatchRows.filter((row) => row.lossMask.includes(1));
      const normalizer = computeAggregationNormalizer(actorRows, config.lossNormalizer);
      if (actorRows.length > 0) {
        const actor = await trainer.actorUpdater.step(
          chunkSharingPrefixes(actorRows, config.microBatchSize, (row) => row.tokenIds).map((microRows) =>
            createActorLoss({ policy, rows: microRows, settings, normalizer, temperature }),
          ),
        );
        actorSteps.push({ ...actor, tokenCount: normalizer.tokenCount });
        epochKl.push((actor.metrics.approxKlSum ?? 0) / Math.max(normalizer.tokenCount, 1));
      }
      if (minibatch.lastInEpoch) {
        epochsCompleted += 1;
        const stop = config.targetKl !== null && mean(epochKl) > config.targetKl;
        epochKl = [];
        if (stop) break;
      }
    }

    // ── 6. KL controller, metrics ─────────────────────────────────────────────
    if (config.klMode === 'reward') {
      const observedKl = mean(tokenRewards.map((item) => item.meanKl));
      metrics['ppo/kl_reward_mean'] = observedKl;
      trainer.klController.update(observedKl, samples.length);
    }
    const actorSummary = summarizeActorSteps('ppo', actorSteps);
    const skippedUpdates = (actorSummary['ppo/skipped_updates'] ?? 0) + criticSkips;
    if (skippedUpdates > 0) warnings.push(`${skippedUpdates} updates skipped: non-finite loss or gradient`);
    return {
      metrics: {
        ...metrics,
        ...actorSummary,
        'ppo/skipped_updates': skippedUpdates,
        'ppo/value_loss': mean(criticLosses),
        'ppo/value_clip_fraction': valueClipped / Math.max(valueTokens, 1),
        'ppo/critic_grad_norm': mean(criticNorms),
        'ppo/epochs_completed': epochsCompleted,
      },
      skipped: actorSteps.every((step) => step.skipped),
      warnings,
    };
  } finally {
    if (oldFeatures) tf.dispose(oldFeatures.map((chunk) => chunk.features));
  }
}
