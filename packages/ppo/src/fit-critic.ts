import { chunkSharingPrefixes, type FeatureChunk, type GuardedUpdater, type Minibatch } from '@rlver/rl-core';
import type { TrainableLanguageModel } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import type { PPORow } from './compute-ppo-rows';
import type { ResolvedPPOConfig } from './ppo-config';
import { computeValueFeatures, createCriticLoss } from './ppo-loss';

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/** PPO's critic over one update: a fit per minibatch, and the metrics of all of them. */
export interface CriticFit {
  /**
   * Fit the value head on one minibatch: its inputs under the current trunk once (π_old's, kept from scoring, on the
   * first epoch), then `criticEpochs` steps of the head alone.
   */
  fitMinibatch(minibatchRows: PPORow[], minibatch: Minibatch): Promise<void>;
  /** `ppo/value_loss`, `ppo/value_clip_fraction`, `ppo/critic_grad_norm`, and the number of skipped critic steps. */
  summary(): { metrics: Record<string, number>; skipped: number };
}

/** The critic fit of one PPO update (`oldFeatures`: the value head's inputs kept when scoring π_old, if any). */
export function createCriticFit(options: {
  policy: TrainableLanguageModel;
  updater: GuardedUpdater;
  rows: readonly PPORow[];
  oldFeatures: FeatureChunk[] | undefined;
  config: Pick<ResolvedPPOConfig, 'criticEpochs' | 'valueClip' | 'microBatchSize' | 'samplingTemperature'>;
}): CriticFit {
  const { policy, config, oldFeatures, rows } = options;
  const losses: number[] = [];
  const norms: number[] = [];
  let skipped = 0;
  let valueClipped = 0;
  let valueTokens = 0;
  return {
    async fitMinibatch(minibatchRows, minibatch) {
      const tokenCount = minibatchRows.reduce((total, row) => total + row.valueMask.reduce((a, b) => a + b, 0), 0);
      const reuseOld = oldFeatures !== undefined && minibatch.epoch === 0;
      const batches = reuseOld
        ? oldFeatures.map((chunk) => ({
            rows: chunk.sampleIndices.map((index) => rows[index] as PPORow),
            features: chunk.features,
          }))
        : chunkSharingPrefixes(minibatchRows, config.microBatchSize, (row) => row.tokenIds).map((microRows) => ({
            rows: microRows,
            features: computeValueFeatures(policy, microRows, config.samplingTemperature),
          }));
      try {
        for (let criticEpoch = 0; criticEpoch < config.criticEpochs; criticEpoch += 1) {
          const critic = await options.updater.step(
            batches.map((batch) =>
              createCriticLoss({
                policy,
                rows: batch.rows,
                features: batch.features,
                valueClip: config.valueClip,
                tokenCount,
              }),
            ),
          );
          losses.push(critic.loss);
          if (Number.isFinite(critic.gradNorm)) norms.push(critic.gradNorm);
          if (critic.skipped) skipped += 1;
          if (criticEpoch === 0) valueClipped += critic.metrics.valueClippedSum ?? 0;
        }
      } finally {
        if (!reuseOld) tf.dispose(batches.map((batch) => batch.features));
      }
      valueTokens += tokenCount;
    },
    summary: () => ({
      metrics: {
        'ppo/value_loss': mean(losses),
        'ppo/value_clip_fraction': valueClipped / Math.max(valueTokens, 1),
        'ppo/critic_grad_norm': mean(norms),
      },
      skipped,
    }),
  };
}
