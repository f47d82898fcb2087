/**
 * The units of the en function-word model (`function-word-model.ts`, built by `scripts/build-function-word-model.ts`):
 * words as written (a hyphen compound is one word), numbers, and sentence marks. The builder and the detector read
 * text with the same functions, so that a pair counted in the sources is the pair looked up in a reply.
 */

/** Unit before the first word of a sentence. */
export const SENTENCE_START = '<s>';
/** Unit after the last word of a sentence. */
export const SENTENCE_END = '</s>';
/** A sentence-final mark (. ! ?) inside a sentence: an abbreviation or a decimal; never tested. */
export const FULL_STOP = '.';
/** A clause mark (, ; :). */
export const CLAUSE_MARK = ',';
/** Anything the model does not read as a word (a number, a quote the user said, a symbol): breaks every pair. */
export const OTHER_UNIT = '<x>';

/**
 * An initial ("A.", "J.") or a run of them ("U.S.", "a.m.", "A.L.A.M."), a word (apostrophes and hyphens inside it kept), a
 * number, a mark, or any other symbol (a dash, a bracket, a quote mark, a slash).
 */
const TOKEN =
  /(?:[A-Za-z]\.){2,}|[A-Z]\.(?![A-Za-z])|[A-Za-z]+(?:['-][A-Za-z]+)*|[0-9]+(?:[.,:][0-9]+)*|[.,!?;:]|[^\sA-Za-z0-9'’‘]+/g;

/** The tokens of one sentence, case kept (curly apostrophes read as straight ones). */
export function functionWordTokens(sentence: string): string[] {
  return sentence.replace(/[’‘]/g, "'").match(TOKEN) ?? [];
}

/** Whether a token is a word (letters), not a number, a mark, a symbol or an initial. */
export function isWordToken(token: string): boolean {
  return /^[A-Za-z]/.test(token) && !token.endsWith('.');
}

/** The model's unit of a token: a lower-cased word, a mark class, or {@link OTHER_UNIT}. */
export function unitOf(token: string): string {
  if (isWordToken(token)) return token.toLowerCase();
  if (token === '.' || token === '!' || token === '?') return FULL_STOP;
  if (token === ',' || token === ';' || token === ':') return CLAUSE_MARK;
  return OTHER_UNIT;
}

/**
 * The units of a sentence's tokens, between {@link SENTENCE_START} and {@link SENTENCE_END}. Anything but a word or
 * a mark (a number, an initial, a dash, a bracket) is {@link OTHER_UNIT}.
 */
export function functionWordUnits(tokens: readonly string[]): string[] {
  const units = tokens.map(unitOf);
  // A sentence's own final mark is its end.
  while (units.length > 0 && units[units.length - 1] === FULL_STOP) units.pop();
  return [SENTENCE_START, ...units, SENTENCE_END];
}

/**
 * en sentences: split after . ! ? (with a closing quote or bracket) before a space, and at line breaks. "2 a.m." and
 * "Mr. Lee" may split a sentence in two; the pairs at such a cut are start and end pairs, which the model skips.
 */
export function functionWordSentences(text: string): string[] {
  return text.split(/(?<=[.!?]["”’)]?)\s+|\n+/).filter((sentence) => /[A-Za-z]/.test(sentence));
}
