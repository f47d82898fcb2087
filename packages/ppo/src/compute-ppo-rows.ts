import type { ActorRow, PackedSample } from '@rlver/rl-core';
import { mean, meanAndStd } from '@rlver/stats';
import { buildGaeMask, computeGae, computeTurnGae } from './compute-gae';
import type { ResolvedPPOConfig } from './ppo-config';
import { type CriticRow, explainedVariance } from './ppo-loss';

/** Everything one sample needs for the actor and critic updates. */
export type PPORow = ActorRow & CriticRow;

/**
 * Whiten the masked entries of `rows` jointly (mean 0, unbiased variance 1, as `maskedWhiten`: verl's
 * `masked_whiten`); other entries stay 0. The advantages are JS numbers already, so this runs in JS doubles: no
 * tensor round trip, which a backend without synchronous reads (WebGPU) could not make.
 */
export function whitenMaskedRows(
  rows: ReadonlyArray<readonly number[]>,
  masks: ReadonlyArray<readonly number[]>,
): number[][] {
  const flat: number[] = [];
  masks.forEach((mask, row) => {
    mask.forEach((flag, position) => {
      if (flag === 1) flat.push(rows[row]?.[position] ?? 0);
    });
  });
  if (flat.length === 0) return rows.map((row) => [...row]);
  const { mean: average, std } = meanAndStd(flat);
  const scale = 1 / Math.sqrt(std * std + 1e-8);
  let cursor = 0;
  return masks.map((mask) => mask.map((flag) => (flag === 1 ? ((flat[cursor++] as number) - average) * scale : 0)));
}

/**
 * Rewards → GAE → (whitened) advantages and value targets per sample (spec §6.1). `tokenRewards` already hold
 * the terminal reward and any KL penalty.
 */
export function computePPORows(options: {
  samples: readonly PackedSample[];
  tokenRewards: ReadonlyArray<readonly number[]>;
  oldLogProbs: ReadonlyArray<readonly number[]>;
  oldValues: ReadonlyArray<readonly number[]>;
  referenceLogProbs?: ReadonlyArray<readonly number[]>;
  /** Samples the actor skips (loss mask and advantages all 0; still critic targets). */
  excludedFromActor?: ReadonlySet<number>;
  config: Pick<ResolvedPPOConfig, 'gamma' | 'lambda' | 'gaePositions' | 'whitenAdvantages'>;
}): { rows: PPORow[]; rawAdvantages: number[][] } {
  const { config } = options;
  const valueMasks = options.samples.map((sample) => buildGaeMask(sample.lossMask, config.gaePositions));
  const gae = options.samples.map((sample, index) => {
    const common = {
      rewards: options.tokenRewards[index] ?? [],
      values: options.oldValues[index] ?? [],
      gamma: config.gamma,
      lambda: config.lambda,
    };
    return config.gaePositions === 'turns'
      ? computeTurnGae({ ...common, lossMask: sample.lossMask })
      : computeGae({ ...common, mask: valueMasks[index] ?? [] });
  });
  const rawAdvantages = gae.map((result) => result.advantages);
  const lossMasks = options.samples.map((sample, index) =>
    options.excludedFromActor?.has(index) ? sample.lossMask.map(() => 0) : sample.lossMask,
  );
  const maskedAdvantages = rawAdvantages.map((row, index) =>
    row.map((value, position) => ((lossMasks[index] ?? [])[position] === 1 ? value : 0)),
  );
  const advantages = config.whitenAdvantages ? whitenMaskedRows(rawAdvantages, lossMasks) : maskedAdvantages;
  const rows = options.samples.map((sample, index) => ({
    tokenIds: sample.tokenIds,
    lossMask: lossMasks[index] ?? [],
    valueMask: valueMasks[index] ?? [],
    oldLogProbs: options.oldLogProbs[index] ?? [],
    oldValues: options.oldValues[index] ?? [],
    advantages: advantages[index] ?? [],
    returns: gae[index]?.returns ?? [],
    ...(options.referenceLogProbs ? { referenceLogProbs: options.referenceLogProbs[index] ?? [] } : {}),
  }));
  return { rows, rawAdvantages };
}

/** `ppo/advantage_mean` (before whitening), `ppo/return_mean`, `ppo/value_mean`, `ppo/explained_variance`. */
export function summarizePPORows(
  rows: readonly PPORow[],
  rawAdvantages: ReadonlyArray<readonly number[]>,
): Record<string, number> {
  const onMask = (pick: (row: PPORow) => readonly number[], mask: (row: PPORow) => readonly number[]) =>
    rows.flatMap((row) => pick(row).filter((_, position) => mask(row)[position] === 1));
  return {
    'ppo/advantage_mean': mean(
      rows.flatMap((row, index) => (rawAdvantages[index] ?? []).filter((_, t) => row.lossMask[t] === 1)),
    ),
    'ppo/return_mean': mean(
      onMask(
        (row) => row.returns,
        (row) => row.valueMask,
      ),
    ),
    'ppo/value_mean': mean(
      onMask(
        (row) => row.oldValues,
        (row) => row.valueMask,
      ),
    ),
    'ppo/explained_variance': explainedVariance(
      rows.map((row) => row.oldValues),
      rows.map((row) => row.returns),
      rows.map((row) => row.valueMask),
    ),
  };
}
