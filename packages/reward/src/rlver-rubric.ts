import { thinkFormatOk } from '@rlver/spec';
import { DEGENERATE_KINDS, type ReplyAuditSummary } from '@rlver/text-quality';
import { createRubric, type Rubric } from './create-rubric';
import type { RewardTerm, RewardTurn } from './reward-term';

// The reward of every run is defined here: to add, drop or swap a term, edit this file only.

/** Final emotion / 100 (spec §5.1); per turn, the emotion change of each judged reply. */
const finalEmotion: RewardTerm = {
  name: 'final_emotion',
  weight: 1,
  description: 'final emotion / 100; per turn (turn credit): the emotion change Δ of each judged reply',
  scoreDialogue: (dialogue) => dialogue.finalEmotion / 100,
  scoreTurn: (turn) => (turn.scored ? turn.delta : null),
};

/** Lifts the reward to `floor` (the paper clips at 0: `max(final / 100, 0)`). Dialogue reward only. */
function rewardFloor(floor: number): RewardTerm {
  return {
    name: 'reward_floor',
    weight: 1,
    description: `what the floor added: max(0, ${floor} − the reward so far)`,
    scoreDialogue: (_dialogue, total) => Math.max(0, floor - total),
  };
}

/**
 * A dialogue the policy ended with an empty visible reply (`policy_empty`) gets `reward` instead of everything
 * before (the reference keeps the emotion, so saying nothing could pay); per turn, the empty reply is credited with
 * the change from the emotion before it to `reward × 100`.
 */
function emptyReply(reward: number): RewardTerm {
  return {
    name: 'empty_reply',
    weight: 1,
    description: `policy_empty dialogues: the reward becomes ${reward} (the change this term made)`,
    scoreDialogue: (dialogue, total) => (dialogue.stopReason === 'policy_empty' ? reward - total : 0),
    scoreTurn: (turn, dialogue) =>
      dialogue.stopReason === 'policy_empty' && !turn.scored && turn === dialogue.turns.at(-1)
        ? reward * 100 - turn.emotion
        : null,
  };
}

/**
 * Think-then-say runs (spec §10 #10: a format-penalty setting, default 0): a reply whose raw output is not
 * `<think>\n…\n</think>\nreply` (`thinkFormatOk`) costs `penalty`. Per turn (turn credit): −penalty × 100 points on
 * that reply; dialogue reward: −penalty × the share of its replies that are malformed.
 */
function thinkFormat(penalty: number): RewardTerm {
  const malformed = (turn: RewardTurn) => !thinkFormatOk(turn.rawOutput);
  return {
    name: 'think_format',
    weight: 1,
    description: `think-then-say runs: −${penalty} for each reply not in the <think>…</think> reply format (per dialogue: × the share of such replies)`,
    scoreDialogue: (dialogue) =>
      dialogue.turns.length === 0 ? 0 : (-penalty * dialogue.turns.filter(malformed).length) / dialogue.turns.length,
    scoreTurn: (turn) => (malformed(turn) ? -penalty * 100 : null),
  };
}

function replyMonitor(name: string, description: string, read: (summary: ReplyAuditSummary) => number): RewardTerm {
  return { name, weight: 0, group: 'monitor', description, scoreBatch: (batch) => read(batch.replySummary()) };
}

/**
 * Degenerate-text monitors (weight 0) over the batch's non-empty replies, alternatives included
 * (`@rlver/text-quality`): a reward that rises while these rise is being hacked.
 */
export const REPLY_MONITOR_TERMS: readonly RewardTerm[] = [
  replyMonitor(
    'degenerate_fraction',
    'share of replies with any degenerate kind',
    (summary) => summary.degenerateFraction,
  ),
  ...DEGENERATE_KINDS.map((kind) =>
    replyMonitor(
      `degenerate_${kind}_fraction`,
      `share of replies flagged ${kind}`,
      (summary) => summary.kindFractions[kind],
    ),
  ),
  replyMonitor(
    'distinct_2',
    'distinct bigrams / all bigrams (zh characters, en words)',
    (summary) => summary.distinct2,
  ),
  replyMonitor('reply_length_chars', 'mean visible characters per reply', (summary) => summary.meanLengthChars),
  replyMonitor(
    'top_opening_share',
    'share of replies starting with the most common opening',
    (summary) => summary.topOpeningShare,
  ),
];

export interface RlverRubricOptions {
  /** Lower bound of the dialogue reward; null = none (scores below 0 kept). The paper: 0. */
  rewardFloor: number | null;
  /** Reward of a `policy_empty` dialogue; null = the reference (the emotion counts as it is). */
  emptyReplyReward: number | null;
  /** Turn-level credit γ (spec §6.7 c); null = every sample carries the dialogue's reward (the paper). */
  turnCreditDiscount: number | null;
  /** Log the degenerate-text monitors (default true). */
  monitors?: boolean;
  /**
   * Think-then-say runs: the cost of a reply not in the think format, in reward units (0.1 = 10 emotion points);
   * null or 0 = no format term (the paper).
   */
  thinkFormatPenalty?: number | null;
}

/**
 * The RLVER rubric, in order: `final_emotion` (weight 1), `reward_floor` (when set), `empty_reply` (when set),
 * `think_format` (when a penalty is set), then the zero-weight reply monitors. The dialogue reward is `max(final / 100, floor)`, or `emptyReplyReward` for a
 * `policy_empty` dialogue; with turn credit each credited turn trains on `Σ_j γ^(j−k) points_j / 100`.
 */
export function createRlverRubric(options: RlverRubricOptions): Rubric {
  return createRubric({
    terms: [
      finalEmotion,
      ...(options.rewardFloor === null ? [] : [rewardFloor(options.rewardFloor)]),
      ...(options.emptyReplyReward === null ? [] : [emptyReply(options.emptyReplyReward)]),
      ...(options.thinkFormatPenalty ? [thinkFormat(options.thinkFormatPenalty)] : []),
      ...(options.monitors === false ? [] : REPLY_MONITOR_TERMS),
    ],
    turnCreditDiscount: options.turnCreditDiscount,
  });
}

/** The paper's reward `max(final / 100, 0)` on the final emotion (spec §5.1), with the reply monitors. */
export const PAPER_RUBRIC: Rubric = createRlverRubric({
  rewardFloor: 0,
  emptyReplyReward: null,
  turnCreditDiscount: null,
});

/**
 * The paper's reward of a dialogue that ended at `finalEmotion`, `max(final / 100, 0)`: a thin alias of
 * `PAPER_RUBRIC` for callers that hold only the emotion (the environment server's step answers).
 */
export function terminalReward(finalEmotion: number): number {
  return PAPER_RUBRIC.scoreDialogue({
    finalEmotion,
    stopReason: 'max_turns',
    turns: [],
    opening: { message: '', emotion: finalEmotion },
    lang: 'en',
  }).reward;
}
