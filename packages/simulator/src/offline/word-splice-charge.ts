import type { Language } from '@rlver/spec';
import { findWordSplices } from '@rlver/text-quality';
import type { IntegrityIssue } from './reply-integrity';

/** Reason points the charge works on (the judge's `JudgeReason`, kept structural so this module stands alone). */
interface Points {
  code: string;
  points: number;
  detail?: string;
}

/**
 * What a word splice costs in the offline user's judgement (`docs/decisions/2026-11-27-judge-charges-splices.md`):
 * - `sinkShare`: from this share of the reply's sentences spliced on, the reply is not a person talking; it sinks like
 *   broken text (its good points dropped, `brokenReply`).
 * - below it, the good points fade by `fadePerShare` × the share (all gone at 1 / `fadePerShare`), and the reply is
 *   charged `flat` + `perShare` × the share.
 */
export const WORD_SPLICE_CHARGE = { sinkShare: 0.5, fadePerShare: 2, flat: 3, perShare: 8 } as const;

/** How much of a reply is spliced: its seams (one per spliced sentence) and their share of its sentences. */
export interface WordSpliceLevel {
  seams: string[];
  share: number;
}

/**
 * The word splices of a reply (`findWordSplices`: a stock frame glued to copied words mid-phrase, "I'm listening. Let
 * it all one-sided friendship is welcome here."), or undefined when it has none.
 */
export function wordSpliceLevel(reply: string, lang: Language): WordSpliceLevel | undefined {
  const { seams, sentences } = findWordSplices(reply, lang);
  if (seams.length === 0) return undefined;
  return { seams, share: seams.length / Math.max(1, sentences) };
}

/** The issue a heavily spliced reply sinks with (`IntegrityCode` 'spliced-words'), or undefined when it does not sink. */
export function wordSpliceSink(level: WordSpliceLevel | undefined): IntegrityIssue | undefined {
  if (!level || level.share < WORD_SPLICE_CHARGE.sinkShare) return undefined;
  return { code: 'spliced-words', detail: level.seams[0] ?? '' };
}

/**
 * Charge a lightly spliced reply in place: its good points fade with the share of spliced sentences and a cost is
 * added, as one `spliced-words` reason (what the user thinks: the reply does not hang together). Returns the reason,
 * or undefined when the reply has no splice (or sinks: see `wordSpliceSink`).
 */
export function chargeWordSplices<Reason extends Points>(
  reasons: Reason[],
  level: WordSpliceLevel | undefined,
  makeReason: (points: number, detail: string) => Reason,
): Reason | undefined {
  if (!level || level.share >= WORD_SPLICE_CHARGE.sinkShare) return undefined;
  const good = reasons.reduce((sum, reason) => sum + Math.max(0, reason.points), 0);
  const fade = Math.min(1, WORD_SPLICE_CHARGE.fadePerShare * level.share);
  const points =
    Math.round(-(good * fade + WORD_SPLICE_CHARGE.flat + WORD_SPLICE_CHARGE.perShare * level.share) * 10) / 10;
  const reason = makeReason(points, level.seams[0] ?? '');
  reasons.push(reason);
  return reason;
}
