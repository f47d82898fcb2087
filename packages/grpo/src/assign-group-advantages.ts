import type { PackedBatch } from '@rlver/rl-core';
import { mean } from '@rlver/stats';
import { computeGroupAdvantages, findUniformGroups, type ScaleRewards } from './compute-group-advantages';

/** Per-sample advantages after grouping, with the samples that survive dynamic sampling. */
export interface SampleAdvantages {
  /** One advantage per packed sample (0 for dropped samples). */
  advantages: number[];
  /** Indices of the samples to train on. */
  keptSampleIndices: number[];
  /** `grpo/*` group metrics. */
  metrics: Record<string, number>;
}

/**
 * Group members are dialogues (`dialogue`: a dialogue's turn-samples share its advantage, spec §6.7 d) or
 * turn-samples (`turn-sample`, reference parity). Scores are terminal rewards. With `dynamicSampling`, members of
 * groups whose scores are all equal are dropped.
 */
export function assignGroupAdvantages(
  packed: PackedBatch,
  options: {
    groupStatistics: 'dialogue' | 'turn-sample';
    scaleRewards: ScaleRewards;
    epsilon: number;
    dynamicSampling: boolean;
  },
): SampleAdvantages {
  const members =
    options.groupStatistics === 'dialogue'
      ? packed.dialogues.map((dialogue) => ({
          groupId: dialogue.groupId,
          score: dialogue.reward,
          sampleIndices: dialogue.sampleIndices,
        }))
      : packed.samples.map((sample, index) => ({
          groupId: packed.dialogues[sample.dialogueIndex]?.groupId ?? '',
          score: sample.reward,
          sampleIndices: [index],
        }));
  const scores = members.map((member) => member.score);
  const groupIds = members.map((member) => member.groupId);
  const { advantages, groups } = computeGroupAdvantages({
    scores,
    groupIds,
    scaleRewards: options.scaleRewards,
    epsilon: options.epsilon,
  });
  const dropped = options.dynamicSampling ? findUniformGroups(scores, groupIds) : new Set<string>();
  const sampleAdvantages = packed.samples.map(() => 0);
  const keptSampleIndices: number[] = [];
  const keptAdvantages: number[] = [];
  members.forEach((member, index) => {
    if (dropped.has(member.groupId)) return;
    keptAdvantages.push(advantages[index] ?? 0);
    for (const sampleIndex of member.sampleIndices) {
      sampleAdvantages[sampleIndex] = advantages[index] ?? 0;
      keptSampleIndices.push(sampleIndex);
    }
  });
  const multiMember = groups.filter((group) => group.size >= 2);
  return {
    advantages: sampleAdvantages,
    keptSampleIndices: keptSampleIndices.sort((a, b) => a - b),
    metrics: {
      'grpo/groups': groups.length,
      'grpo/group_size_mean': mean(groups.map((group) => group.size)),
      'grpo/reward_std': mean(multiMember.map((group) => group.std)),
      'grpo/zero_std_group_fraction':
        multiMember.length === 0 ? 0 : multiMember.filter((group) => group.std === 0).length / multiMember.length,
      'grpo/dropped_group_fraction': groups.length === 0 ? 0 : dropped.size / groups.length,
      'grpo/advantage_abs_mean': mean(keptAdvantages.map(Math.abs)),
    },
  };
}
