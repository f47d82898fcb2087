import type { Trajectory } from '@rlver/spec';
import { packPerTurn } from './pack-per-turn';
import { packWholeDialogue } from './pack-whole-dialogue';
import type { PackedBatch, PackedDialogue, PackedSample, Packing } from './packed-sample';

/**
 * Turn finished trajectories into unpadded training samples. Trajectories with `stopReason: 'error'` and those
 * without any policy token are skipped and counted; everything else must carry a valid token record.
 */
export function packTrajectories(trajectories: readonly Trajectory[], packing: Packing): PackedBatch {
  const samples: PackedSample[] = [];
  const dialogues: PackedDialogue[] = [];
  let errorCount = 0;
  let emptyCount = 0;
  for (const trajectory of trajectories) {
    if (trajectory.stopReason === 'error') {
      errorCount += 1;
      continue;
    }
    const dialogueIndex = dialogues.length;
    const packed =
      packing === 'per-turn' ? packPerTurn(trajectory, dialogueIndex) : packWholeDialogue(trajectory, dialogueIndex);
    const dialogueSamples = Array.isArray(packed) ? packed : packed === null ? [] : [packed];
    if (dialogueSamples.length === 0) {
      emptyCount += 1;
      continue;
    }
    const firstIndex = samples.length;
    samples.push(...dialogueSamples);
    dialogues.push({
      episodeId: trajectory.episodeId,
      groupId: trajectory.groupId ?? trajectory.episodeId,
      reward: trajectory.reward,
      sampleIndices: dialogueSamples.map((_, offset) => firstIndex + offset),
    });
  }
  return { packing, samples, dialogues, totalCount: trajectories.length, errorCount, emptyCount };
}
