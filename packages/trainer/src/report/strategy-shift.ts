import { type IntentionKey, STRATEGY_LABELS, type StrategyLabel, type Trajectory } from '@rlver/spec';
import { z } from 'zod';

/** A label's share of the replies, before and after training (0–1; a reply may carry several labels). */
const labelShareSchema = z.object({
  label: z.string(),
  before: z.number(),
  after: z.number(),
  /** after − before. */
  change: z.number(),
});

const dialogueExampleSchema = z.object({
  finalEmotion: z.number(),
  opening: z.string(),
  turns: z.array(
    z.object({
      reply: z.string(),
      strategies: z.array(z.string()),
      userMessage: z.string().nullable(),
      emotion: z.number(),
    }),
  ),
});
export type DialogueExample = z.infer<typeof dialogueExampleSchema>;

/** `summary.json` `strategyShift`: how the policy's replies changed between the held-out benchmarks. */
export const strategyShiftSchema = z.object({
  /** Every label with a share before or after, largest change first. */
  overall: z.array(labelShareSchema),
  /** Labels whose share rose / fell by at least `SHIFT_THRESHOLD`, largest change first. */
  grew: z.array(z.string()),
  shrank: z.array(z.string()),
  /** The same per hidden intention of the held-out users (the paper's figure), intentions in key order. */
  byIntention: z.array(
    z.object({
      intention: z.string(),
      repliesBefore: z.number().int(),
      repliesAfter: z.number().int(),
      shares: z.array(labelShareSchema),
    }),
  ),
  /** Mean emotion after each policy turn (the opening first); a dialogue that ended keeps its last emotion. */
  emotionByTurn: z.object({ before: z.array(z.number()), after: z.array(z.number()) }),
  /**
   * Three held-out scenarios played before and after training, chosen without looking at the text: the profiles
   * at the 25th, 50th and 75th percentile of the change in final emotion.
   */
  examples: z.array(
    z.object({
      profileId: z.string(),
      intention: z.string().nullable(),
      before: dialogueExampleSchema,
      after: dialogueExampleSchema,
    }),
  ),
});
export type StrategyShift = z.infer<typeof strategyShiftSchema>;

/** Smallest change of a label's share (5 points) that the summary names as grown or shrunk. */
export const SHIFT_THRESHOLD = 0.05;

const scored = (trajectories: readonly Trajectory[]) =>
  trajectories.filter((trajectory) => trajectory.stopReason !== 'error');

function labelShares(trajectories: readonly Trajectory[]): { replies: number; shares: Map<StrategyLabel, number> } {
  const counts = new Map<StrategyLabel, number>();
  let replies = 0;
  for (const trajectory of trajectories) {
    for (const turn of trajectory.turns) {
      if (turn.reply.trim() === '') continue;
      replies += 1;
      for (const label of new Set(turn.strategyLabels)) counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  }
  const shares = new Map([...counts].map(([label, count]) => [label, replies === 0 ? 0 : count / replies]));
  return { replies, shares };
}

function compareShares(before: readonly Trajectory[], after: readonly Trajectory[]) {
  const first = labelShares(before);
  const second = labelShares(after);
  const shares = STRATEGY_LABELS.filter((label) => first.shares.has(label) || second.shares.has(label))
    .map((label) => {
      const shareBefore = first.shares.get(label) ?? 0;
      const shareAfter = second.shares.get(label) ?? 0;
      return { label, before: shareBefore, after: shareAfter, change: shareAfter - shareBefore };
    })
    .sort((a, b) => b.change - a.change || a.label.localeCompare(b.label));
  return { shares, repliesBefore: first.replies, repliesAfter: second.replies };
}

function emotionByTurn(trajectories: readonly Trajectory[]): number[] {
  const longest = Math.max(0, ...trajectories.map((trajectory) => trajectory.turns.length));
  if (trajectories.length === 0) return [];
  return Array.from({ length: longest + 1 }, (_, turn) => {
    const values = trajectories.map((trajectory) =>
      turn === 0
        ? trajectory.opening.emotion
        : (trajectory.turns[Math.min(turn, trajectory.turns.length) - 1]?.emotion ?? trajectory.opening.emotion),
    );
    return values.reduce((sum, value) => sum + value, 0) / values.length;
  });
}

function example(trajectory: Trajectory): DialogueExample {
  return {
    finalEmotion: trajectory.finalEmotion,
    opening: trajectory.opening.message,
    turns: trajectory.turns.map((turn) => ({
      reply: turn.reply,
      strategies: turn.strategyLabels,
      userMessage: turn.userMessage,
      emotion: turn.emotion,
    })),
  };
}

function pickExamples(
  before: readonly Trajectory[],
  after: readonly Trajectory[],
  intentionOf: (profileId: string) => IntentionKey | undefined,
): StrategyShift['examples'] {
  const afterByProfile = new Map(after.map((trajectory) => [trajectory.profileId, trajectory]));
  const pairs = before
    .flatMap((trajectory) => {
      const partner = afterByProfile.get(trajectory.profileId);
      return partner ? [{ before: trajectory, after: partner }] : [];
    })
    .sort(
      (a, b) =>
        a.after.finalEmotion - a.before.finalEmotion - (b.after.finalEmotion - b.before.finalEmotion) ||
        a.before.profileId.localeCompare(b.before.profileId),
    );
  if (pairs.length === 0) return [];
  const chosen = [...new Set([0.25, 0.5, 0.75].map((quantile) => Math.floor(quantile * (pairs.length - 1))))];
  return chosen.flatMap((index) => {
    const pair = pairs[index];
    if (!pair) return [];
    return [
      {
        profileId: pair.before.profileId,
        intention: intentionOf(pair.before.profileId) ?? null,
        before: example(pair.before),
        after: example(pair.after),
      },
    ];
  });
}

export interface StrategyShiftOptions {
  /** Held-out benchmark dialogues before and after training. */
  before: readonly Trajectory[];
  after: readonly Trajectory[];
  /** The hidden intention of a held-out profile (undefined when unknown). */
  intentionOf: (profileId: string) => IntentionKey | undefined;
}

/**
 * What changed in the policy's replies between the held-out benchmarks: strategy shares overall and per hidden
 * intention, the labels that grew and shrank, the mean emotion after each turn, and three example scenarios.
 */
export function computeStrategyShift(options: StrategyShiftOptions): StrategyShift {
  const before = scored(options.before);
  const after = scored(options.after);
  const overall = compareShares(before, after).shares;
  const intentions = [...new Set([...before, ...after].map((trajectory) => options.intentionOf(trajectory.profileId)))]
    .filter((intention): intention is IntentionKey => intention !== undefined)
    .sort();
  const byIntention = intentions.map((intention) => {
    const mine = (trajectories: readonly Trajectory[]) =>
      trajectories.filter((trajectory) => options.intentionOf(trajectory.profileId) === intention);
    const { shares, repliesBefore, repliesAfter } = compareShares(mine(before), mine(after));
    return { intention, repliesBefore, repliesAfter, shares };
  });
  return {
    overall,
    grew: overall.filter((item) => item.change >= SHIFT_THRESHOLD).map((item) => item.label),
    shrank: overall
      .filter((item) => item.change <= -SHIFT_THRESHOLD)
      .sort((a, b) => a.change - b.change)
      .map((item) => item.label),
    byIntention,
    emotionByTurn: { before: emotionByTurn(before), after: emotionByTurn(after) },
    examples: pickExamples(before, after, options.intentionOf),
  };
}

/** One plain line for the end of a run: which strategies grew and which shrank, with their shares. */
export function describeStrategyShift(shift: StrategyShift): string {
  const share = (value: number) => `${Math.round(value * 100)} %`;
  const named = (labels: readonly string[]) =>
    labels
      .map((label) => {
        const item = shift.overall.find((entry) => entry.label === label);
        return item ? `${label.replace('_', ' ')} ${share(item.before)} → ${share(item.after)}` : label;
      })
      .join(', ');
  const grew = shift.grew.length > 0 ? `grew: ${named(shift.grew)}` : 'no strategy grew by 5 points';
  const shrank = shift.shrank.length > 0 ? `shrank: ${named(shift.shrank)}` : 'none shrank by 5 points';
  return `strategy shift (share of held-out replies) — ${grew}; ${shrank}`;
}
