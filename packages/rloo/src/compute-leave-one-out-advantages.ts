/**
 * RLOO advantages (Ahmadian et al. 2024; TRL `RLOOTrainer`, verl `rloo`): each member's reward minus the mean
 * reward of the other members of its group, A_i = r_i − (Σ_g r − r_i) / (k − 1) = k / (k − 1) · (r_i − mean_g).
 * A group of one has no baseline: its advantage is 0. No standard-deviation scaling (the estimator stays unbiased).
 */
export function computeLeaveOneOutAdvantages(
  rewards: readonly number[],
  groupIds: readonly string[],
): { advantages: number[]; groupSizes: Map<string, number> } {
  const sums = new Map<string, number>();
  const groupSizes = new Map<string, number>();
  rewards.forEach((reward, index) => {
    const groupId = groupIds[index] ?? '';
    sums.set(groupId, (sums.get(groupId) ?? 0) + reward);
    groupSizes.set(groupId, (groupSizes.get(groupId) ?? 0) + 1);
  });
  const advantages = rewards.map((reward, index) => {
    const groupId = groupIds[index] ?? '';
    const size = groupSizes.get(groupId) ?? 1;
    if (size < 2) return 0;
    return reward - ((sums.get(groupId) ?? 0) - reward) / (size - 1);
  });
  return { advantages, groupSizes };
}
