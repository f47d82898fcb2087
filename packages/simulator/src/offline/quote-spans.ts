import type { Language } from '@rlver/spec';

/** One quoted span of a reply. */
export interface QuoteSpan {
  /** The text inside the marks (for an unclosed quote: up to the end of the line, at most `MAX_UNCLOSED` characters). */
  text: string;
  /** Index of the opening mark in the reply. */
  start: number;
  /** Index just after the closing mark (after the span's text when unclosed). */
  end: number;
  /** False when the opening mark is never closed. */
  closed: boolean;
}

/** Longest closed quote read (longer pairs are text between two unrelated marks). */
const MAX_CLOSED = 80;
/** How far an unclosed quote is read. */
const MAX_UNCLOSED = 80;

/** Pairs of marks read in each language; straight quotes pair wrongly across a zh text, so zh leaves them out. */
const PAIRS: Readonly<Record<Language, readonly (readonly [string, string])[]>> = {
  zh: [
    ['“', '”'],
    ['「', '」'],
    ['『', '』'],
  ],
  en: [
    ['“', '”'],
    ['"', '"'],
    ['「', '」'],
  ],
};

/**
 * Every quoted span of a reply, closed or not: “…”, 「…」, 『…』 (and "…" in en, paired left to right), plus en ‘…’
 * and '…' standing between non-letters (an apostrophe inside a word is not a mark). An opening mark without its
 * closing mark on the same line opens an unclosed span that runs to the end of the line (or the next opening mark
 * of its kind): a policy that starts quoting the user and runs off their words writes exactly that.
 */
export function quotedSpans(reply: string, lang: Language): QuoteSpan[] {
  const spans: QuoteSpan[] = [];
  for (const [open, close] of PAIRS[lang]) {
    let index = reply.indexOf(open);
    while (index >= 0) {
      const lineEnd = reply.indexOf('\n', index + 1);
      const limit = lineEnd < 0 ? reply.length : lineEnd;
      const closeAt = reply.indexOf(close, index + 1);
      const reopen = open === close ? -1 : reply.indexOf(open, index + 1);
      if (closeAt >= 0 && closeAt < limit && (reopen < 0 || reopen > closeAt)) {
        if (closeAt - index - 1 <= MAX_CLOSED)
          spans.push({ text: reply.slice(index + 1, closeAt), start: index, end: closeAt + 1, closed: true });
        index = reply.indexOf(open, closeAt + 1);
        continue;
      }
      const stop = Math.min(limit, reopen >= 0 ? reopen : limit, index + 1 + MAX_UNCLOSED);
      spans.push({ text: reply.slice(index + 1, stop), start: index, end: stop, closed: false });
      index = reopen >= 0 && reopen < limit ? reopen : reply.indexOf(open, limit);
    }
  }
  if (lang === 'en') {
    for (const match of reply.matchAll(/(?<![\p{L}\p{N}])[‘']([^‘'’\n]{1,80}?)[’'](?![\p{L}\p{N}])/gu)) {
      const start = match.index ?? 0;
      spans.push({ text: match[1] ?? '', start, end: start + match[0].length, closed: true });
    }
  }
  return spans.sort((left, right) => left.start - right.start);
}
