import type { PackedBatch } from './packed-sample';

/**
 * Dynamic sampling (DAPO): the ids of groups with at least two members whose scores are all equal. Their
 * advantages are all 0, so they carry no learning signal and only dilute the token mean.
 */
export function findUniformGroups(scores: readonly number[], groupIds: readonly string[]): Set<string> {
  const members = new Map<string, number[]>();
  groupIds.forEach((groupId, index) => {
    members.set(groupId, [...(members.get(groupId) ?? []), scores[index] ?? 0]);
  });
  const uniform = new Set<string>();
  for (const [groupId, groupScores] of members) {
    if (groupScores.length >= 2 && groupScores.every((score) => score === groupScores[0])) uniform.add(groupId);
  }
  return uniform;
}

/**
 * Sample indices of the dialogues whose group is uniform (`findUniformGroups` over dialogue rewards): with
 * branching and turn-level credit, the replies of one turn that all moved the user alike. Returns them with the
 * number of groups and of uniform groups.
 */
export function findUniformGroupSamples(packed: PackedBatch): {
  sampleIndices: Set<number>;
  groups: number;
  uniformGroups: number;
} {
  const uniform = findUniformGroups(
    packed.dialogues.map((dialogue) => dialogue.reward),
    packed.dialogues.map((dialogue) => dialogue.groupId),
  );
  const sampleIndices = new Set<number>();
  for (const dialogue of packed.dialogues) {
    if (uniform.has(dialogue.groupId)) for (const index of dialogue.sampleIndices) sampleIndices.add(index);
  }
  return {
    sampleIndices,
    groups: new Set(packed.dialogues.map((dialogue) => dialogue.groupId)).size,
    uniformGroups: uniform.size,
  };
}
