/**
 * Per-position rewards of one training sample: its reward (the dialogue's, or the turn return under turn credit) on
 * the action position of its last policy token, 0 elsewhere (spec §5.1 "placed on one token per sample", §6.7 a).
 * Arrays are indexed by action position, like `lossMask`.
 */
export function placeSampleReward(sample: {
  reward: number;
  rewardPosition: number;
  lossMask: readonly number[];
}): number[] {
  const rewards = sample.lossMask.map(() => 0);
  rewards[sample.rewardPosition] = sample.reward;
  return rewards;
}
