import type { TrainableLanguageModel } from '@rlver/spec';
import { hashSeed } from '@rlver/spec';
import { type ActorRow, type ActorStepRecord, computeAggregationNormalizer, createActorLoss } from '../actor-loss';
import { chunkSharingPrefixes } from '../batch-tensors';
import type { KlEstimator } from '../losses/kl-estimators';
import type { PolicyObjectiveSettings } from '../losses/policy-objective';
import type { GuardedUpdater } from './guarded-update';
import { iterateMinibatches, type Minibatch } from './minibatches';

/** The config fields of the actor epochs (the shared optimisation fields of every algorithm). */
export interface ActorEpochsConfig {
  epochs: number;
  minibatchCount: number;
  microBatchSize: number;
  targetKl: number | null;
  lossNormalizer: number | null;
  samplingTemperature: number;
  seed: number;
}

export interface RunActorEpochsOptions<Row extends ActorRow> {
  policy: TrainableLanguageModel;
  rows: readonly Row[];
  updater: GuardedUpdater;
  settings: PolicyObjectiveSettings;
  config: ActorEpochsConfig;
  /** 0-based optimisation step (seeds the minibatch shuffling with `config.seed`). */
  step: number;
  signal?: AbortSignal;
  /** Runs before each minibatch's actor step, on the same weights (PPO fits its critic here). */
  beforeActorStep?(rows: Row[], minibatch: Minibatch): Promise<void>;
  /** The rows of a minibatch the actor trains on (default all); a minibatch left with none takes no actor step. */
  selectActorRows?(rows: Row[]): Row[];
}

/** The clipped-surrogate settings of the shared config fields, with the KL-loss term's β and estimator. */
export function actorLossSettings(
  config: {
    clipRatioLow: number;
    clipRatioHigh: number | null;
    entropyCoefficient: number;
    lossAggregation: PolicyObjectiveSettings['aggregation'];
  },
  kl: { coefficient: number; estimator: KlEstimator },
): PolicyObjectiveSettings {
  return {
    clipRatioLow: config.clipRatioLow,
    clipRatioHigh: config.clipRatioHigh ?? config.clipRatioLow,
    entropyCoefficient: config.entropyCoefficient,
    klLossCoefficient: kl.coefficient,
    klEstimator: kl.estimator,
    aggregation: config.lossAggregation,
  };
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Epochs × minibatches of clipped-surrogate actor steps, stopping after an epoch whose mean approx KL exceeds
 * `targetKl` (CleanRL `ppo.py`'s inner loop, shared by every algorithm).
 */
export async function runActorEpochs<Row extends ActorRow>(
  options: RunActorEpochsOptions<Row>,
): Promise<{ steps: ActorStepRecord[]; epochsCompleted: number }> {
  const { config, policy, settings } = options;
  const steps: ActorStepRecord[] = [];
  let epochsCompleted = 0;
  let epochKl: number[] = [];
  const minibatches = iterateMinibatches({
    sampleCount: options.rows.length,
    minibatchCount: config.minibatchCount,
    epochs: config.epochs,
    seed: hashSeed(config.seed, options.step),
  });
  for (const minibatch of minibatches) {
    options.signal?.throwIfAborted();
    const minibatchRows = minibatch.indices.map((index) => options.rows[index] as Row);
    await options.beforeActorStep?.(minibatchRows, minibatch);
    const actorRows = options.selectActorRows ? options.selectActorRows(minibatchRows) : minibatchRows;
    if (actorRows.length > 0) {
      const normalizer = computeAggregationNormalizer(actorRows, config.lossNormalizer);
      const temperature = config.samplingTemperature;
      const result = await options.updater.step(
        chunkSharingPrefixes(actorRows, config.microBatchSize, (row) => row.tokenIds).map((microRows) =>
          createActorLoss({ policy, rows: microRows, settings, normalizer, temperature }),
        ),
      );
      steps.push({ ...result, tokenCount: normalizer.tokenCount });
      epochKl.push((result.metrics.approxKlSum ?? 0) / Math.max(normalizer.tokenCount, 1));
    }
    if (minibatch.lastInEpoch) {
      epochsCompleted += 1;
      const stop = config.targetKl !== null && mean(epochKl) > config.targetKl;
      epochKl = [];
      if (stop) break;
    }
  }
  return { steps, epochsCompleted };
}
