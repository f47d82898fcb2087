import type { Language } from '@rlver/spec';
import {
  brokenEnglishOrder,
  findBrokenPunctuation,
  findMixedLanguage,
  findRepetition,
  findStutter,
  isCutOff,
  nonWords,
} from './detect/degenerate-signals';
import { findWordSplice } from './detect/word-splices';
import { LOW_FLUENCY_THRESHOLD, MIN_UNITS_FOR_FLUENCY, scoreFluency } from './fluency/fluency-score';

/** Kinds of degenerate text a reply can show (a reply may show several). */
export type DegenerateKind = 'repetition' | 'stutter' | 'mixed_language' | 'cut_off' | 'low_fluency';
export const DEGENERATE_KINDS: readonly DegenerateKind[] = [
  'repetition',
  'stutter',
  'mixed_language',
  'cut_off',
  'low_fluency',
];

/** What the audit found in one reply. */
export interface ReplyAudit {
  kinds: DegenerateKind[];
  degenerate: boolean;
  /**
   * Fluency under the shipped bigram model: the order gain in bits per unit (mean log2 P(unit | previous) −
   * log2 P(unit)); higher = more fluent, about ≤ 0 for shuffled or stitched text. See `scoreFluency`.
   */
  fluency: number;
  /** The evidence per kind (the repeated phrase, the stutter, the foreign run, the last characters, the gain). */
  evidence: Partial<Record<DegenerateKind, string>>;
}

/** How `auditReply` audits. */
export interface AuditReplyOptions {
  /**
   * Count word-level splices as `low_fluency` (default true). The offline simulated user's judge passes false: it
   * charges splices itself, graded by how much of the reply they take (`word-splice-charge.ts` in @rlver/simulator).
   */
  splices?: boolean;
}

/**
 * Characters no reader can read: U+FFFD (what a decoder shows for broken UTF-8, e.g. byte pieces a policy strung
 * together wrongly), control characters other than tab and newline, and unpaired surrogates.
 */
const UNREADABLE_CHARACTERS =
  /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Audit one reply for degenerate text: repetition inside the reply, stuttering, mixed language (a reply in the other
 * language counts too), a reply cut off mid-sentence, and low fluency: unreadable characters ("�"), or text unlikely under the shipped
 * n-gram model. Pure, ~50 µs.
 *
 * Word-level splices count as low fluency too (a template meeting copied words, "Let it all one-sided friendship is
 * welcome here", `findWordSplice`), unless `options.splices` is false: the offline simulated user's judge opts out and
 * charges them itself (`docs/decisions/2026-11-27-judge-charges-splices.md`).
 */
export function auditReply(text: string, lang: Language, options: AuditReplyOptions = {}): ReplyAudit {
  const evidence: Partial<Record<DegenerateKind, string>> = {};
  const repeated = findRepetition(text, lang);
  if (repeated) evidence.repetition = repeated;
  const stutter = findStutter(text, lang);
  if (stutter) evidence.stutter = stutter;
  const mixed = findMixedLanguage(text, lang);
  if (mixed) evidence.mixed_language = mixed;
  if (isCutOff(text, lang)) evidence.cut_off = text.trim().slice(-12);
  const fluency = scoreFluency(text, lang);
  const unreadable = text.match(UNREADABLE_CHARACTERS);
  if (unreadable) {
    evidence.low_fluency = `unreadable characters: ${unreadable.length} × “${unreadable[0]}”`;
  } else if (fluency.units >= MIN_UNITS_FOR_FLUENCY && fluency.orderGain < LOW_FLUENCY_THRESHOLD[lang]) {
    evidence.low_fluency = `order gain ${fluency.orderGain.toFixed(2)}`;
  } else if (findBrokenPunctuation(text, lang)) {
    evidence.low_fluency = `stitched pieces: “${findBrokenPunctuation(text, lang)}”`;
  } else if (brokenEnglishOrder(text, lang) >= 2) {
    evidence.low_fluency = 'words out of order';
  } else {
    const unknown = nonWords(text, lang);
    const splice = options.splices === false ? undefined : findWordSplice(text, lang);
    if (unknown.length >= 2) evidence.low_fluency = `non-words: ${unknown.slice(0, 3).join(', ')}`;
    else if (splice) evidence.low_fluency = `splice: "${splice}"`;
  }
  const kinds = DEGENERATE_KINDS.filter((kind) => evidence[kind] !== undefined);
  return { kinds, degenerate: kinds.length > 0, fluency: fluency.orderGain, evidence };
}
