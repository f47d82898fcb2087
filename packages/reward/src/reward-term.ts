import type { Language, Trajectory, TrajectoryAlternativeTurn } from '@rlver/spec';
import type { ReplyAuditSummary } from '@rlver/text-quality';

/** The part of a dialogue the reward reads (a finished trajectory, or an episode state at its end). */
export type RewardDialogue = Pick<Trajectory, 'finalEmotion' | 'stopReason' | 'turns' | 'opening' | 'lang'>;

/** One policy turn, or one of its alternatives (branching rollouts). */
export type RewardTurn = TrajectoryAlternativeTurn;

/** What a batch term (a monitor) sees: the non-errored dialogues of one step or one benchmark run. */
export interface RubricBatch {
  readonly dialogues: readonly RewardDialogue[];
  /** Every non-empty visible reply of those dialogues (turns and their alternatives), with the dialogue language. */
  readonly replies: readonly { text: string; lang: Language }[];
  /** The degenerate-text audit of `replies` (`@rlver/text-quality`), computed once per batch. */
  replySummary(): ReplyAuditSummary;
}

/**
 * One named, weighted term of the reward (verifiers' `Rubric.add_reward_func(func, weight)`; weight 0 is
 * `add_metric`: logged, never rewarded). A term has up to three forms; the rubric uses the ones it defines:
 * - `scoreDialogue` → the dialogue's reward `Σ weight × value` over the terms, in list order;
 * - `scoreTurn` → per-turn credit (turn-level credit: the discounted sum of the turns' credit from a turn on);
 * - `scoreBatch` → a value over a whole batch (monitors of the step's replies).
 *
 * Every term is logged under `<group>/<name>` each step: the mean of its dialogue values, or its batch value.
 */
export interface RewardTerm {
  /** Stable snake_case name; the metric key is `<group>/<name>`, e.g. `reward/final_emotion`. */
  readonly name: string;
  /** Weight in the reward. 0 = a monitor: computed and logged, never part of the reward. */
  readonly weight: number;
  /** Metric group: `reward` (default) or `monitor` (a monitor must have weight 0). */
  readonly group?: 'reward' | 'monitor';
  /** One line: what the term measures (README tables, `--help`). */
  readonly description: string;
  /**
   * The term's value for a whole dialogue, in reward units (1 = emotion 100). `total` is the weighted sum of the
   * terms before this one, so a floor or an override is a term too (it lifts or replaces the total).
   */
  scoreDialogue?(dialogue: RewardDialogue, total: number): number;
  /**
   * The term's credit for one turn under turn-level credit, in emotion points (the unit of Δ; 100 points =
   * reward 1), or null when this term gives the turn no credit. A turn is trained on when any weighted term
   * credits it; its return is `(Σ_j γ^(j−k) points_j) / 100`.
   */
  scoreTurn?(turn: RewardTurn, dialogue: RewardDialogue): number | null;
  /** The term's value over a batch of dialogues (monitors: degenerate fraction, distinct-2, …). */
  scoreBatch?(batch: RubricBatch): number;
}
