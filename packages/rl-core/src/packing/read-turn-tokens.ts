import type { TrajectoryTurn } from '@rlver/spec';
import { MissingTokenRecordError } from '../errors/missing-token-record-error';

/** Token record of one turn, checked: ids are integers, one finite-or-not log-prob per output id. */
export interface TurnTokens {
  promptIds: number[];
  outputIds: number[];
  logProbs: number[];
}

/** Return the turn's token record or throw `MissingTokenRecordError` saying what is wrong. */
export function readTurnTokens(episodeId: string, turn: TrajectoryTurn): TurnTokens {
  const tokens = turn.tokens;
  const fail = (problem: string): never => {
    throw new MissingTokenRecordError({ episodeId, turnIndex: turn.index, problem });
  };
  if (!tokens) return fail('`tokens` is missing');
  if (tokens.promptIds.length === 0) fail('`tokens.promptIds` is empty (a sample needs at least one context token)');
  if (tokens.logProbs.length !== tokens.outputIds.length) {
    fail(`\`tokens.logProbs\` has ${tokens.logProbs.length} entries for ${tokens.outputIds.length} output ids`);
  }
  return tokens;
}
