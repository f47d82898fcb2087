import type { Language } from '@rlver/spec';
import { auditReply, DEGENERATE_KINDS, type DegenerateKind, type ReplyAudit } from './audit-reply';
import { contentTokens } from './detect/degenerate-signals';

/** The reward-hacking monitors of a set of replies. */
export interface ReplyAuditSummary {
  replies: number;
  /** Share of replies with any degenerate kind. */
  degenerateFraction: number;
  /** Share of replies with each kind. */
  kindFractions: Record<DegenerateKind, number>;
  /** Distinct bigrams / all bigrams over all replies (characters for zh, words for en); 0 when there are none. */
  distinct2: number;
  meanLengthChars: number;
  /** Share of replies that start with the most common opening (zh: first 6 characters, en: first 4 words). */
  topOpeningShare: number;
  topOpening: string;
}

/** The opening of a reply that the monitors compare: zh first 6 content characters, en first 4 words. */
export function replyOpening(text: string, lang: Language): string {
  const tokens = contentTokens(text, lang);
  return lang === 'zh' ? tokens.slice(0, 6).join('') : tokens.slice(0, 4).join(' ');
}

/**
 * Audit every reply and aggregate: the degenerate fraction overall and per kind, distinct-2, mean length and the
 * share of the most common opening (a collapsed policy starts every reply the same way).
 */
export function summarizeReplyAudits(
  replies: readonly { text: string; lang: Language; audit?: ReplyAudit }[],
): ReplyAuditSummary {
  const kindCounts = Object.fromEntries(DEGENERATE_KINDS.map((kind) => [kind, 0])) as Record<DegenerateKind, number>;
  const openings = new Map<string, number>();
  const bigrams = new Set<string>();
  let bigramTotal = 0;
  let degenerate = 0;
  let characters = 0;
  for (const reply of replies) {
    const audit = reply.audit ?? auditReply(reply.text, reply.lang);
    if (audit.degenerate) degenerate += 1;
    for (const kind of audit.kinds) kindCounts[kind] += 1;
    characters += reply.text.length;
    const opening = replyOpening(reply.text, reply.lang);
    if (opening) openings.set(opening, (openings.get(opening) ?? 0) + 1);
    const tokens = contentTokens(reply.text, reply.lang);
    for (let index = 1; index < tokens.length; index += 1) {
      bigrams.add(`${reply.lang}\u0000${tokens[index - 1]}\u0000${tokens[index]}`);
      bigramTotal += 1;
    }
  }
  const count = replies.length;
  const share = (value: number) => (count === 0 ? 0 : value / count);
  const [topOpening, topCount] = [...openings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [
    '',
    0,
  ];
  return {
    replies: count,
    degenerateFraction: share(degenerate),
    kindFractions: Object.fromEntries(DEGENERATE_KINDS.map((kind) => [kind, share(kindCounts[kind])])) as Record<
      DegenerateKind,
      number
    >,
    distinct2: bigramTotal === 0 ? 0 : bigrams.size / bigramTotal,
    meanLengthChars: share(characters),
    topOpeningShare: share(topCount),
    topOpening,
  };
}
