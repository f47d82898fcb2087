/** Result of parsing one LLM output: a value, or the reason it must be resampled. */
export type ParseOutcome<T> = { ok: true; value: T; warnings: string[] } | { ok: false; reason: string };

/** Python `str.strip(chars)`: remove any of `chars` from both ends. */
export function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text.charAt(start))) start += 1;
  while (end > start && chars.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

/** Python `text.split(separator)[index]`, or `undefined` where Python raises IndexError. */
export function pythonSplitAt(text: string, separator: string, index: number): string | undefined {
  return text.split(separator)[index];
}

/** Spec §3.6 normalisation: full-width colons become ASCII colons, markdown asterisks are deleted. */
export function normaliseAnalysisText(text: string): string {
  return text.replace(/：/g, ':').replace(/\*/g, '');
}

/** Shorten a text for error messages. */
export function excerpt(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/**
 * Clean a field value (clean mode): drop a leading placeholder line (`[心理活动]`, `心理活动]`, or any fully
 * bracketed first line without digits that is followed by more text), trim, and unwrap a value that is
 * entirely `[…]`.
 */
export function cleanFieldValue(value: string, placeholder: string | undefined): string {
  const lines = value.split('\n');
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift();
  const first = (lines[0] ?? '').trim();
  const rest = lines.slice(1).join('\n').trim();
  const forms = placeholder ? [`[${placeholder}]`, `${placeholder}]`, `[${placeholder}`, placeholder] : [];
  let cleaned: string;
  if (forms.includes(first)) cleaned = rest;
  else if (/^\[[^\]\d]*\]$/.test(first) && rest !== '') cleaned = rest;
  else {
    const prefix = forms.find((form) => form.startsWith('[') && form.endsWith(']') && first.startsWith(form));
    cleaned = prefix ? [first.slice(prefix.length).trim(), rest].filter(Boolean).join('\n') : lines.join('\n').trim();
  }
  const unwrapped = /^\[[^[\]]*\]$/.test(cleaned) ? cleaned.slice(1, -1).trim() : cleaned;
  return unwrapped;
}

/**
 * Locate labelled fields, searching backwards from the end: the last field is the last line-start
 * occurrence of its label, each earlier field the last occurrence before the next one. Echoes of a label
 * inside an earlier field (e.g. a quoted `Change: +10`) therefore never displace the real one.
 * Returns the raw text of each found field (label removed), keyed by label.
 */
export function locateFieldsBackwards(text: string, labels: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  let upper = text.length;
  let nextStart = text.length;
  for (let index = labels.length - 1; index >= 0; index -= 1) {
    const label = labels[index] as string;
    const pattern = new RegExp(`^[ \\t#>\\-\\d.)、]*${label}[ \\t]*:`, 'gm');
    let last: RegExpExecArray | undefined;
    for (const match of text.matchAll(pattern)) {
      if (match.index + match[0].length <= upper) last = match;
    }
    if (!last) continue;
    found.set(label, text.slice(last.index + last[0].length, nextStart));
    upper = last.index;
    nextStart = last.index;
  }
  return found;
}
