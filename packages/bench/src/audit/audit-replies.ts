import { edgeSteps, type ReplyMonitorSummary, summarizeReplyMonitors } from '@rlver/reward';
import type { Language, Trajectory } from '@rlver/spec';
import { auditReply, DEGENERATE_KINDS, type DegenerateKind } from '@rlver/text-quality';

/** One flagged reply, with where it came from and why it was flagged. */
export interface DegenerateSample {
  episodeId: string;
  /** 1-based policy turn. */
  turn: number;
  /** Training step (rollouts files only). */
  step?: number;
  lang: Language;
  text: string;
  /** What the audit found (the repeated phrase, the foreign run, the last characters, the fluency gain). */
  evidence: string;
}

/** Monitors over a span of training steps. */
export interface StepSpanMonitors {
  from: number;
  to: number;
  /** Mean dialogue reward the training rubric wrote. */
  rewardMean: number;
  monitors: ReplyMonitorSummary;
}

/** The audit of one set of dialogues. */
export interface ReplyAuditReport {
  dialogues: number;
  monitors: ReplyMonitorSummary;
  /** Flagged replies per kind: how many, and a few spread over the file (first, …, last). */
  samples: Record<DegenerateKind, { count: number; replies: DegenerateSample[] }>;
  /** Training rollouts: the first and the last steps (`edgeSteps`), to see what training did to the replies. */
  steps?: { first: StepSpanMonitors; last: StepSpanMonitors };
}

/** A dialogue to audit, with its training step when it comes from a rollouts file. */
export interface AuditedDialogue {
  trajectory: Trajectory;
  step?: number;
}

function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(-count);
  return Array.from(
    { length: count },
    (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))] as T,
  );
}

function spanMonitors(dialogues: readonly AuditedDialogue[], steps: readonly number[]): StepSpanMonitors {
  const inSpan = new Set(steps);
  const chosen = dialogues.filter((item) => item.step !== undefined && inSpan.has(item.step));
  const usable = chosen.filter((item) => item.trajectory.stopReason !== 'error');
  return {
    from: Math.min(...steps),
    to: Math.max(...steps),
    rewardMean:
      usable.length === 0 ? 0 : usable.reduce((total, item) => total + item.trajectory.reward, 0) / usable.length,
    monitors: summarizeReplyMonitors(chosen.map((item) => item.trajectory)),
  };
}

/**
 * Audit the replies of a set of dialogues for degenerate text: the monitors of `@rlver/reward` (the same
 * `monitor/*` figures training logs every step), `samplesPerKind` flagged replies per kind, and for training
 * rollouts the monitors of the first and the last steps. Errored dialogues and empty replies are left out.
 */
export function auditReplies(dialogues: readonly AuditedDialogue[], options: { samplesPerKind?: number } = {}) {
  const samplesPerKind = options.samplesPerKind ?? 3;
  const flagged = Object.fromEntries(DEGENERATE_KINDS.map((kind) => [kind, [] as DegenerateSample[]])) as Record<
    DegenerateKind,
    DegenerateSample[]
  >;
  for (const { trajectory, step } of dialogues) {
    if (trajectory.stopReason === 'error') continue;
    for (const turn of trajectory.turns.flatMap((item) => [item, ...(item.alternatives ?? [])])) {
      if (turn.reply.trim() === '') continue;
      const audit = auditReply(turn.reply, trajectory.lang);
      for (const kind of audit.kinds) {
        flagged[kind].push({
          episodeId: trajectory.episodeId,
          turn: turn.index,
          ...(step === undefined ? {} : { step }),
          lang: trajectory.lang,
          text: turn.reply,
          evidence: audit.evidence[kind] ?? '',
        });
      }
    }
  }
  const steps = dialogues.flatMap((item) => (item.step === undefined ? [] : [item.step]));
  const edges = steps.length === dialogues.length && steps.length > 0 ? edgeSteps(steps) : undefined;
  const report: ReplyAuditReport = {
    dialogues: dialogues.length,
    monitors: summarizeReplyMonitors(dialogues.map((item) => item.trajectory)),
    samples: Object.fromEntries(
      DEGENERATE_KINDS.map((kind) => [
        kind,
        { count: flagged[kind].length, replies: spread(flagged[kind], samplesPerKind) },
      ]),
    ) as ReplyAuditReport['samples'],
    ...(edges
      ? { steps: { first: spanMonitors(dialogues, edges.first), last: spanMonitors(dialogues, edges.last) } }
      : {}),
  };
  return report;
}
