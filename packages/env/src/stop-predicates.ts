import type { StopReason } from '@rlver/spec';

/** What happened in one step, as the stop predicates see it. */
export interface TurnOutcome {
  /** A simulator or policy failure after bounded retries. */
  error: boolean;
  /** The simulator's verdict on this turn (`SimulatorTurnResult.ended`). */
  ended: 'goodbye' | 'ceiling' | 'floor' | undefined;
  /** This was the last policy reply allowed (`maxPolicyTurns`). */
  atTurnCap: boolean;
  /** The policy's next prompt would exceed the length budget. */
  overLengthBudget: boolean;
  /** The visible reply was empty. */
  emptyReply: boolean;
}

/**
 * The stop predicates, in the fixed order of spec §4.4: the first that fires is the episode's only
 * `stopReason`. `interrupted` (abort) is not a predicate: it is set from outside.
 */
export const STOP_PREDICATES: ReadonlyArray<readonly [StopReason, (outcome: TurnOutcome) => boolean]> = [
  ['error', (outcome) => outcome.error],
  ['goodbye', (outcome) => outcome.ended === 'goodbye'],
  ['ceiling', (outcome) => outcome.ended === 'ceiling'],
  ['floor', (outcome) => outcome.ended === 'floor'],
  ['max_turns', (outcome) => outcome.atTurnCap],
  ['length_budget', (outcome) => outcome.overLengthBudget],
  ['policy_empty', (outcome) => outcome.emptyReply],
];

/** The first stop predicate that fires, or undefined when the episode goes on. */
export function evaluateStopReason(outcome: TurnOutcome): StopReason | undefined {
  for (const [reason, fires] of STOP_PREDICATES) {
    if (fires(outcome)) return reason;
  }
  return undefined;
}

/** Stops by a cap, not by the user: the trajectory's `truncated` flag. */
export function isTruncation(stopReason: StopReason | undefined): boolean {
  return stopReason === 'max_turns' || stopReason === 'length_budget';
}
