import { findUniformGroups, type PackedBatch } from '@rlver/rl-core';
import { computeLeaveOneOutAdvantages } from './compute-leave-one-out-advantages';

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;

/**
 * Leave-one-out advantages of a packed batch: group members are dialogues (a dialogue's turn-samples share its
 * advantage); with `dynamicSampling`, members of groups whose rewards are all equal (advantage 0 anyway) are left
 * out of the update. Returns one advantage per sample, the samples to train on and `rloo/*` group metrics.
 */
export function assignLeaveOneOutAdvantages(
  packed: PackedBatch,
  options: { dynamicSampling: boolean; groupSize: number },
): { advantages: number[]; keptSampleIndices: number[]; metrics: Record<string, number>; warning: string | null } {
  const rewards = packed.dialogues.map((dialogue) => dialogue.reward);
  const groupIds = packed.dialogues.map((dialogue) => dialogue.groupId);
  const { advantages, groupSizes } = computeLeaveOneOutAdvantages(rewards, groupIds);
  const dropped = options.dynamicSampling ? findUniformGroups(rewards, groupIds) : new Set<string>();
  const sampleAdvantages = packed.samples.map(() => 0);
  const keptSampleIndices: number[] = [];
  const keptAdvantages: number[] = [];
  packed.dialogues.forEach((dialogue, index) => {
    if (dropped.has(dialogue.groupId)) return;
    keptAdvantages.push(advantages[index] ?? 0);
    for (const sampleIndex of dialogue.sampleIndices) {
      sampleAdvantages[sampleIndex] = advantages[index] ?? 0;
      keptSampleIndices.push(sampleIndex);
    }
  });
  const odd = [...groupSizes.entries()].filter(([, size]) => size !== options.groupSize);
  return {
    advantages: sampleAdvantages,
    keptSampleIndices: keptSampleIndices.sort((a, b) => a - b),
    metrics: {
      'rloo/groups': groupSizes.size,
      'rloo/group_size_mean': mean([...groupSizes.values()]),
      'rloo/dropped_group_fraction': groupSizes.size === 0 ? 0 : dropped.size / groupSizes.size,
      'rloo/advantage_abs_mean': mean(keptAdvantages.map(Math.abs)),
    },
    warning:
      odd.length === 0
        ? null
        : `${odd.length} groups do not have groupSize (${options.groupSize}) members, e.g. "${odd[0]?.[0]}" has ${odd[0]?.[1]}`,
  };
}
