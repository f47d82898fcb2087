/**
 * The one-step look-ahead the ceiling scripts share (`corpus-ceiling.ts` over the corpus's templates,
 * `apps/train/scripts/policy-ceiling.ts` over the policy's own samples): the simulated user is wrapped so that it
 * notes the latest state of every dialogue, and candidate replies are replayed in that state with `doRespond`
 * (stateless and deterministic for the offline user); the one with the highest emotion after it wins.
 */
import { proposedChangeOf, type SimulatorState, type SimulatorTurnResult, type UserSimulatorV1 } from '@rlver/spec';

/** Key of a dialogue so far: its visible turns, as the simulator's history and the policy's messages both hold them. */
export function keyOf(turns: readonly { role: string; content: string }[]): string {
  return turns
    .filter((turn) => turn.role !== 'system')
    .map((turn) => `${turn.role}\u0000${turn.content}`)
    .join('\u0001');
}

/** The simulator, noting the latest state of every dialogue (by `keyOf` its history) so candidates can be replayed. */
export function recordingSimulator(inner: UserSimulatorV1, states: Map<string, SimulatorState>): UserSimulatorV1 {
  const note = (result: SimulatorTurnResult) => {
    states.set(keyOf(result.state.history), result.state);
    return result;
  };
  return {
    specificationVersion: 'v1',
    simulatorId: inner.simulatorId,
    settings: inner.settings,
    doStart: async (options) => note(await inner.doStart(options)),
    doRespond: async (options) => note(await inner.doRespond(options)),
  };
}

/** A candidate's outcome in the look-ahead. */
export interface LookAheadOutcome {
  /** Index of the candidate in the list given. */
  index: number;
  /** The user's emotion after it. */
  emotion: number;
  /** The user's proposed change for it (before clamps). */
  proposed: number;
}

/**
 * Replays every reply in `state` with the unwrapped simulator `inner` and returns each one's outcome plus the best
 * (highest emotion after it; ties: the higher proposed change, then the first). `replies` must not be empty.
 */
export async function lookAhead(
  inner: UserSimulatorV1,
  state: SimulatorState,
  replies: readonly string[],
): Promise<{ best: LookAheadOutcome; outcomes: LookAheadOutcome[] }> {
  if (replies.length === 0) throw new Error('lookAhead: no candidate replies to replay');
  const outcomes: LookAheadOutcome[] = [];
  for (const [index, reply] of replies.entries()) {
    const outcome = await inner.doRespond({ state, reply });
    outcomes.push({ index, emotion: outcome.emotion, proposed: proposedChangeOf(outcome) });
  }
  let best = outcomes[0] as LookAheadOutcome;
  for (const outcome of outcomes)
    if (outcome.emotion > best.emotion || (outcome.emotion === best.emotion && outcome.proposed > best.proposed))
      best = outcome;
  return { best, outcomes };
}

/** The inner thoughts' reasons with a negative weight ("…说到点上 (-2)"), weight and quoted words dropped. */
export function negativeReasons(innerThoughts: string): string[] {
  return innerThoughts
    .split(/[；;]\s*|。(?=情绪变化)|\. (?=[A-Z])/u)
    .filter((part) => /\(-\d+(?:\.\d+)?\)/u.test(part))
    .map((part) => part.replace(/\s*\(-\d+(?:\.\d+)?\)\s*$/u, '').trim())
    .map((part) => part.replace(/（“[^”]*”）|\("[^"]*"\)|“[^”]*”|"[^"]*"/gu, '“…”'));
}
