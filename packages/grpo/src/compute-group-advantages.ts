import { meanAndStd } from '@rlver/stats';

export { findUniformGroups } from '@rlver/rl-core';
/**
 * How group-relative advantages are scaled (TRL `scale_rewards`):
 * - `group`: (s − mean_g) / (std_g + ε) (GRPO, spec §6.2);
 * - `batch`: (s − mean_g) / (std_batch + ε) (more robust with small groups);
 * - `none`: s − mean_g (Dr. GRPO; pair with a length-independent loss aggregation).
 */
export type ScaleRewards = 'group' | 'batch' | 'none';

/** Statistics of one group. */
export interface GroupStatistics {
  groupId: string;
  size: number;
  mean: number;
  /** Unbiased (n − 1) standard deviation; 1 for a group of one (spec §6.2). */
  std: number;
}

/**
 * A group's mean and unbiased standard deviation (`@rlver/stats`' `meanAndStd`), except that a group of one (or
 * none) gives mean 0, std 1 (verl's convention), so a lone member's advantage is its own score.
 */
export function groupMeanAndStd(values: readonly number[]): { mean: number; std: number } {
  return values.length <= 1 ? { mean: 0, std: 1 } : meanAndStd(values);
}

/**
 * GRPO advantages: each score minus its group's mean, scaled per `scaleRewards` (spec §6.2; ε = 1e-6 default).
 * Scores are per group member (a dialogue, or a turn-sample in parity mode); the caller broadcasts each
 * advantage to the member's policy tokens.
 */
export function computeGroupAdvantages(options: {
  scores: readonly number[];
  groupIds: readonly string[];
  scaleRewards: ScaleRewards;
  epsilon?: number;
}): { advantages: number[]; groups: GroupStatistics[] } {
  const epsilon = options.epsilon ?? 1e-6;
  const members = new Map<string, number[]>();
  options.groupIds.forEach((groupId, index) => {
    members.set(groupId, [...(members.get(groupId) ?? []), options.scores[index] ?? 0]);
  });
  const groups = [...members.entries()].map(([groupId, scores]) => ({
    groupId,
    size: scores.length,
    ...groupMeanAndStd(scores),
  }));
  const byId = new Map(groups.map((group) => [group.groupId, group]));
  const batchStd = groupMeanAndStd(options.scores).std;
  const advantages = options.scores.map((score, index) => {
    const group = byId.get(options.groupIds[index] ?? '') ?? { mean: 0, std: 1 };
    const centred = score - group.mean;
    if (options.scaleRewards === 'none') return centred;
    return centred / ((options.scaleRewards === 'group' ? group.std : batchStd) + epsilon);
  });
  return { advantages, groups };
}
