import type { Trajectory } from '@rlver/spec';
import { ChatTemplatePrefixError } from '../errors/chat-template-prefix-error';
import type { PackedSample } from './packed-sample';
import { readTurnTokens } from './read-turn-tokens';

/** Index of the first position where `prompt` departs from `prefix`, or -1 when `prefix` is a prefix of it. */
export function findPrefixMismatch(prefix: readonly number[], prompt: readonly number[]): number {
  const length = Math.min(prefix.length, prompt.length);
  for (let index = 0; index < length; index += 1) {
    if (prefix[index] !== prompt[index]) return index;
  }
  return prompt.length < prefix.length ? prompt.length : -1;
}

/**
 * One sample per dialogue: [turn-1 prompt] + output 1 + user tokens of turn 2 + output 2 + …, where the user
 * (and template) tokens of turn k are turn k's `promptIds` minus everything packed so far. Throws
 * `ChatTemplatePrefixError` when a prompt does not extend the packed prefix, so the trained tokens are exactly
 * the generated ones. Returns null when the dialogue holds no policy token.
 */
export function packWholeDialogue(trajectory: Trajectory, dialogueIndex: number): PackedSample | null {
  const tokenIds: number[] = [];
  const isPolicyToken: boolean[] = [];
  const tokenLogProbs: number[] = [];
  for (const turn of trajectory.turns) {
    const { promptIds, outputIds, logProbs } = readTurnTokens(trajectory.episodeId, turn);
    const mismatchIndex = findPrefixMismatch(tokenIds, promptIds);
    if (mismatchIndex !== -1) {
      throw new ChatTemplatePrefixError({
        episodeId: trajectory.episodeId,
        turnIndex: turn.index,
        mismatchIndex,
        prefixLength: tokenIds.length,
      });
    }
    for (const id of promptIds.slice(tokenIds.length)) {
      tokenIds.push(id);
      isPolicyToken.push(false);
      tokenLogProbs.push(0);
    }
    outputIds.forEach((id, index) => {
      tokenIds.push(id);
      isPolicyToken.push(true);
      tokenLogProbs.push(logProbs[index] ?? 0);
    });
  }
  const lastPolicyToken = isPolicyToken.lastIndexOf(true);
  if (lastPolicyToken < 1) return null;
  return {
    tokenIds,
    lossMask: isPolicyToken.slice(1).map((flag) => (flag ? 1 : 0)),
    sampledLogProbs: tokenLogProbs.slice(1),
    rewardPosition: lastPolicyToken - 1,
    reward: trajectory.reward,
    dialogueIndex,
    turnIndex: null,
  };
}
