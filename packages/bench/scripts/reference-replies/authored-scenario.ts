/**
 * Hand-written replies for one shipped test scenario (see make-reference-dialogues.ts). Every sentence is written
 * for this scenario: its people, its events, the user's hidden need, and the persona (few or no questions for
 * avoidant users).
 */
export interface AuthoredScenario {
  /** Profile id in `scenarios/<lang>/test.jsonl` of @rlver/simulator. */
  id: string;
  /** A reflection of each story stage (1–4), said when the user has just told that stage. */
  stages: readonly [string, string, string, string];
  /** The replies in order; the first answers the user's opening message. */
  replies: readonly [string, string, string, string];
  /** Said first, once, after a reply that made the user feel worse: owns the miss and comes back to them. */
  repair: string;
}
