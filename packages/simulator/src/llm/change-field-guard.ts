/** Pairs of quotation marks; an opening mark without its closing one leaves the text inside a quotation. */
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['«', '»'],
];

const count = (text: string, mark: string) => text.split(mark).length - 1;

/** Whether `text` ends inside a quotation: an odd number of `"`, or more opening than closing marks of a pair. */
export function endsInsideQuotation(text: string): boolean {
  if (count(text, '"') % 2 === 1) return true;
  return QUOTE_PAIRS.some(([open, close]) => count(text, open) > count(text, close));
}

/** Where each label occurs as a field (`Label:` at a line start, after optional bullets), in text order. */
export function fieldOccurrences(
  text: string,
  labels: readonly string[],
): Array<{ label: string; index: number; end: number }> {
  const found: Array<{ label: string; index: number; end: number }> = [];
  for (const label of labels) {
    const pattern = new RegExp(`^[ \\t#>\\-\\d.)、]*${label}[ \\t]*:`, 'gm');
    for (const match of text.matchAll(pattern))
      found.push({ label, index: match.index, end: match.index + match[0].length });
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * Why the `Change` field at `change` (its label's start and end) is not the analysis' own final field, or
 * undefined when it is. The field right before it must be the one the format puts there (`Analyse`), no field
 * may follow it (not even a second `Change`), and it must not stand inside a quotation opened in the field before
 * it — otherwise it is a `Change` the judge quoted from the policy's reply (with real line breaks), or an answer
 * with two scores, and the answer is resampled.
 */
export function changeFieldProblem(
  text: string,
  change: { index: number; end: number },
  occurrences: ReadonlyArray<{ label: string; index: number }>,
  labels: readonly string[],
): string | undefined {
  const previousLabel = labels[labels.length - 2] ?? 'Analyse';
  const after = occurrences.find((item) => item.index >= change.end);
  if (after?.label === 'Change') {
    return 'the analysis has two Change fields: it must give exactly one score, as its last field';
  }
  if (after) {
    return `the Change field is followed by a ${after.label} field: Change must be the analysis' own last field (a quoted Change?)`;
  }
  const before = occurrences.filter((item) => item.index < change.index).at(-1);
  if (!before || (before.label !== previousLabel && before.label !== 'Change')) {
    return `no ${previousLabel} field right before Change (a quoted Change?)`;
  }
  if (before.label === 'Change') {
    return 'the analysis has two Change fields: it must give exactly one score, as its last field';
  }
  if (endsInsideQuotation(text.slice(before.index, change.index))) {
    return 'the Change field stands inside a quotation (a quoted Change?)';
  }
  return undefined;
}
