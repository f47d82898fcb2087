import type { Trajectory } from '@rlver/spec';
import type { PackedSample } from './packed-sample';
import { readTurnTokens } from './read-turn-tokens';

/**
 * One sample per policy turn with output tokens: prompt = the turn's `promptIds`, response = its `outputIds`,
 * reward = the dialogue's terminal reward on the turn's last token (spec §5.4, thinking mode).
 */
export function packPerTurn(trajectory: Trajectory, dialogueIndex: number): PackedSample[] {
  const samples: PackedSample[] = [];
  for (const turn of trajectory.turns) {
    const { promptIds, outputIds, logProbs } = readTurnTokens(trajectory.episodeId, turn);
    if (outputIds.length === 0) continue;
    const promptPositions = promptIds.length - 1;
    samples.push({
      tokenIds: [...promptIds, ...outputIds],
      lossMask: [...new Array<number>(promptPositions).fill(0), ...new Array<number>(outputIds.length).fill(1)],
      sampledLogProbs: [...new Array<number>(promptPositions).fill(0), ...logProbs],
      rewardPosition: promptPositions + outputIds.length - 1,
      reward: trajectory.reward,
      dialogueIndex,
      turnIndex: turn.index,
    });
  }
  return samples;
}
