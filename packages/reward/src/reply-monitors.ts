import { createRubric, createRubricBatch } from './create-rubric';
import type { RewardDialogue } from './reward-term';
import { REPLY_MONITOR_TERMS } from './rlver-rubric';

/** The reply monitors of a set of dialogues (a benchmark run, a results file). */
export interface ReplyMonitorSummary {
  /** Non-empty replies audited. */
  replies: number;
  /** The most common opening (zh first 6 characters, en first 4 words). */
  topOpening: string;
  /** `monitor/<name>` → value: the same keys as the per-step training metrics. */
  metrics: Record<string, number>;
}

const monitorRubric = createRubric({ terms: REPLY_MONITOR_TERMS });

/** The degenerate-text monitors (`monitor/*` keys) of the non-errored dialogues' replies. */
export function summarizeReplyMonitors(dialogues: readonly RewardDialogue[]): ReplyMonitorSummary {
  const batch = createRubricBatch(dialogues);
  return {
    replies: batch.replies.length,
    topOpening: batch.replySummary().topOpening,
    metrics: monitorRubric.logBatch(batch),
  };
}

/**
 * The steps a run's start and end are judged on (reward-hacking checks, `rlver-eval audit`): the first and the last
 * tenth of the steps, at least 1 and at most 10 steps each (the whole run twice when it has one step).
 */
export function edgeSteps(steps: readonly number[]): { first: number[]; last: number[] } {
  const sorted = [...new Set(steps)].sort((a, b) => a - b);
  const size = Math.min(10, Math.max(1, Math.ceil(sorted.length / 10)));
  return { first: sorted.slice(0, size), last: sorted.slice(-size) };
}
