import { functionWordModel } from './function-word-model';
import {
  CLAUSE_MARK,
  FULL_STOP,
  functionWordSentences,
  functionWordTokens,
  functionWordUnits,
  isWordToken,
  OTHER_UNIT,
  SENTENCE_END,
  SENTENCE_START,
} from './function-word-units';

/**
 * When a pair of closed-class units counts as one clean text never makes (`docs/decisions/2026-11-27-function-word-seams.md`):
 * - `minExpected`: the pair would be seen at least this often if the two units fell side by side by chance
 *   (count(left) × count(right) / total): both are common, so its absence is evidence, not sparse data;
 * - `maxObservedShare`: it was seen at most this share of that expectation;
 * - `maxPhraseFinalShare`: the left unit ends a phrase (stands before a mark or a sentence's end) at most this share
 *   of its occurrences: it needs what comes after it ("the", "your", "they", "with"), unlike a particle or an object
 *   pronoun ("brought in is", "without you confirms").
 */
export const FUNCTION_WORD_SEAM = { minExpected: 40, maxObservedShare: 0.01, maxPhraseFinalShare: 0.01 } as const;

/** Sentences with fewer words are not tested (a heading, an initial, a one-word answer). */
const MIN_WORDS = 3;

/** Units a pair is never tested on: an abbreviation's or a decimal's stop, and anything that is not a word. */
const UNTESTED = new Set([FULL_STOP, OTHER_UNIT]);

/**
 * en: two closed-class words (or a closed-class word and a sentence boundary or clause mark) side by side where clean
 * text never puts them, by the shipped function-word model's counts: a determiner before a preposition or a mark
 * ("the of your sister", "proud of you for the."), a subject pronoun before a preposition ("they of the way"), a
 * preposition before a verb ("talk with is welcome"). The slot of a template left empty or filled with a piece of
 * another clause. Returns the seam (the pair with a word either side), or undefined.
 */
export function unlikelyFunctionWordPair(
  sentence: string,
  limits: { minExpected: number; maxObservedShare: number; maxPhraseFinalShare: number } = FUNCTION_WORD_SEAM,
): string | undefined {
  const model = functionWordModel();
  const tokens = functionWordTokens(sentence);
  if (tokens.filter(isWordToken).length < MIN_WORDS) return undefined;
  const units = functionWordUnits(tokens);
  for (let position = 1; position < units.length; position += 1) {
    const left = units[position - 1] as string;
    const right = units[position] as string;
    if (UNTESTED.has(left) || UNTESTED.has(right) || !model.isClosed(left) || !model.isClosed(right)) continue;
    const boundary = (unit: string) => unit === SENTENCE_START || unit === SENTENCE_END || unit === CLAUSE_MARK;
    if (boundary(left) && boundary(right)) continue;
    // A preposition may be stranded, before a mark or before anything else ("nothing to be ashamed of.", "what you
    // can let go of for now", "the one I talk with is kind"): it is never the left side of a tested pair.
    if (model.tag(left) === 'in' || model.tag(left) === 'to') continue;
    if (!boundary(left) && model.phraseFinalCount(left) > limits.maxPhraseFinalShare * model.count(left)) continue;
    const expected = (model.count(left) * model.count(right)) / model.total;
    if (expected < limits.minExpected) continue;
    if (model.pairCount(left, right) > limits.maxObservedShare * expected) continue;
    // tokens[i] is units[i + 1]; show a word either side of the pair.
    return tokens
      .slice(Math.max(0, position - 3), Math.min(tokens.length, position + 1))
      .join(' ')
      .replace(/ ([,.;:!?])/g, '$1');
  }
  return undefined;
}

/**
 * en: a sentence opener written with a capital after another word of the same sentence ("ask Honestly for ten quiet
 * minutes", "had their Tell me more reasons"): the first word of a stock sentence dropped into another sentence's
 * slot. Openers are words that, in the model's clean text, take a capital only when they start a sentence. Returns
 * the seam, or undefined.
 */
export function misplacedSentenceOpener(sentence: string): string | undefined {
  const model = functionWordModel();
  const tokens = functionWordTokens(sentence);
  for (let position = 1; position < tokens.length; position += 1) {
    const token = tokens[position] as string;
    const previous = tokens[position - 1] as string;
    if (!/^[A-Z][a-z]/.test(token) || !isWordToken(previous)) continue;
    // A run of capitalised words is a title or a name ("the article Do We Need …").
    if (/^[A-Z]/.test(tokens[position + 1] ?? '')) continue;
    if (model.isOpener(token.toLowerCase())) return `${previous} ${token}`;
  }
  return undefined;
}

/**
 * Whether an en word is a sentence opener: a word that, in the function-word model's clean text, takes a capital only
 * when it starts a sentence ("Honestly", "Maybe", "Tell"). Written with a capital inside a sentence it is a misplaced
 * opener, not a name.
 */
export function isSentenceOpener(word: string): boolean {
  return functionWordModel().isOpener(word.toLowerCase());
}

/** Both signals over every sentence of an en text (the user's quotes taken out): the first seam, or undefined. */
export function findFunctionWordSeam(text: string): string | undefined {
  const own = text.replace(/"[^"]*"|“[^”]*”/g, ' 0 ');
  for (const sentence of functionWordSentences(own)) {
    const seam = misplacedSentenceOpener(sentence) ?? unlikelyFunctionWordPair(sentence);
    if (seam) return seam;
  }
  return undefined;
}
