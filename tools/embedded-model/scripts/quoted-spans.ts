/** Quoted spans of a reply and whether the user said them: the measure of copying (scripts/measure-copying.ts). */

/** Text between “ ” (zh and typographic en) or between straight double quotes, trimmed; empty spans dropped. */
export function quotedSpans(reply: string): string[] {
  const spans: string[] = [];
  for (const match of reply.matchAll(/“([^”]*)”|"([^"]*)"/g)) {
    const span = (match[1] ?? match[2] ?? '').trim();
    if (span.length > 0) spans.push(span);
  }
  return spans;
}

/** Trailing and leading punctuation a quote may add or drop around the user's words. */
const EDGE_PUNCTUATION = /^[\s,.;:!?，。；：！？、…]+|[\s,.;:!?，。；：！？、…]+$/g;

/** Whether `span` (its edge punctuation ignored) occurs verbatim in what the user said. */
export function saidByUser(span: string, userText: string): boolean {
  const core = span.replace(EDGE_PUNCTUATION, '');
  return core.length > 0 && userText.includes(core);
}

/** Share of `span`'s characters covered by its longest substring that occurs in `userText` (0–1). */
export function longestSharedShare(span: string, userText: string): number {
  const core = span.replace(EDGE_PUNCTUATION, '');
  if (core.length === 0) return 0;
  let best = 0;
  for (let start = 0; start < core.length && core.length - start > best; start += 1) {
    let low = best + 1;
    let high = core.length - start;
    // Longest prefix of core[start..] found in userText (found prefixes are closed downwards, so bisect).
    let found = best;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (userText.includes(core.slice(start, start + middle))) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    best = Math.max(best, found);
  }
  return best / core.length;
}
