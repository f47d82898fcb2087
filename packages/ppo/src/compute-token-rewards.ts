import { placeSampleReward } from '@rlver/reward';
import { estimateKl, type KlEstimator, type PackedSample } from '@rlver/rl-core';

/**
 * Per-position rewards of one sample: the rubric's sample reward on its last policy token (`placeSampleReward`,
 * `@rlver/reward`), minus β·KL(π_old ‖ π_ref) at every policy token when KL-in-reward is on (a regulariser of the
 * update, from log-probs, so it lives here). Also returns the sample's mean per-token KL.
 */
export function computeTokenRewards(options: {
  sample: PackedSample;
  oldLogProbs: readonly number[];
  referenceLogProbs?: readonly number[];
  klCoefficient: number;
  klEstimator: KlEstimator;
}): { rewards: number[]; meanKl: number } {
  const { sample } = options;
  const rewards = placeSampleReward(sample);
  if (!options.referenceLogProbs) return { rewards, meanKl: 0 };
  let klTotal = 0;
  let tokens = 0;
  sample.lossMask.forEach((flag, position) => {
    if (flag !== 1) return;
    const kl = estimateKl(
      options.oldLogProbs[position] ?? 0,
      options.referenceLogProbs?.[position] ?? 0,
      options.klEstimator,
    );
    rewards[position] = (rewards[position] ?? 0) - options.klCoefficient * kl;
    klTotal += kl;
    tokens += 1;
  });
  return { rewards, meanKl: tokens === 0 ? 0 : klTotal / tokens };
}
