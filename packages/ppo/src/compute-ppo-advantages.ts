import { findUniformGroupSamples, type KlController, type PackedBatch } from '@rlver/rl-core';
import { computePPORows, type PPORow, summarizePPORows } from './compute-ppo-rows';
import { computeTokenRewards } from './compute-token-rewards';
import type { ResolvedPPOConfig } from './ppo-config';

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Per-token rewards (terminal reward, − β·KL with KL in reward), GAE advantages and value targets of a batch, with
 * dynamic sampling's uniform groups left to the critic (spec §6.1). Returns the rows, their metrics and the
 * batch's mean KL-in-reward (for the adaptive controller).
 */
export function computePPOAdvantages(options: {
  packed: PackedBatch;
  oldLogProbs: ReadonlyArray<readonly number[]>;
  oldValues: ReadonlyArray<readonly number[]>;
  referenceLogProbs: ReadonlyArray<readonly number[]> | undefined;
  klController: KlController;
  config: Readonly<ResolvedPPOConfig>;
}): { rows: PPORow[]; metrics: Record<string, number>; meanKlInReward: number } {
  const { config, packed, oldLogProbs } = options;
  const samples = packed.samples;
  const tokenRewards = samples.map((sample, index) =>
    computeTokenRewards({
      sample,
      oldLogProbs: oldLogProbs[index] ?? [],
      referenceLogProbs: config.klMode === 'reward' ? options.referenceLogProbs?.[index] : undefined,
      klCoefficient: options.klController.coefficient,
      klEstimator: config.resolvedKlEstimator,
    }),
  );
  const metrics: Record<string, number> = {};
  const uniform = config.dynamicSampling ? findUniformGroupSamples(packed) : undefined;
  if (uniform) metrics['ppo/dropped_group_fraction'] = uniform.uniformGroups / Math.max(uniform.groups, 1);
  const { rows, rawAdvantages } = computePPORows({
    excludedFromActor: uniform?.sampleIndices,
    samples,
    tokenRewards: tokenRewards.map((item) => item.rewards),
    oldLogProbs,
    oldValues: options.oldValues,
    referenceLogProbs: config.klMode === 'loss' ? options.referenceLogProbs : undefined,
    config,
  });
  return {
    rows,
    metrics: { ...metrics, ...summarizePPORows(rows, rawAdvantages) },
    meanKlInReward: mean(tokenRewards.map((item) => item.meanKl)),
  };
}
