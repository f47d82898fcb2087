/** A `[start, end)` character range. */
export interface Span {
  start: number;
  end: number;
}

/** A sentence of a reply, trimmed, with whether it ends in a question mark. */
export interface SentenceSpan extends Span {
  isQuestion: boolean;
}

/** Ends a sentence: zh/en terminal punctuation (runs of it), a semicolon, a colon or a line break. */
const SENTENCE = /[^。！？!?.;；:：\n]+[。！？!?.;；:：\n]*/g;

/** Split a reply into sentences (zh and en); a trailing `?`/`？` marks a question. */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const raw = match[0];
    const leading = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length === 0) continue;
    const start = match.index + leading;
    spans.push({ start, end: start + trimmed.length, isQuestion: /[?？][^?？]*$/.test(trimmed.slice(-3)) });
  }
  return spans;
}
