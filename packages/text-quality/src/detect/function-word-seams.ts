import { fluencyModel } from '../fluency/load-fluency-model';
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

/**
 * When a word that needs a verb or an object after it meets one that cannot be it (`docs/decisions/2026-11-27-verbless-seams.md`):
 * - `minExpected`, `maxObservedShare`: as in {@link FUNCTION_WORD_SEAM}, for a preposition before another preposition
 *   ("okay to with your manager", "proud of for"): a preposition may be stranded before a mark, never before a second
 *   preposition that opens its own phrase; the share is looser than the general seam's, since only two closed
 *   classes are tested;
 * - `maxModalShare`: a modal before a preposition ("would to the party"), seen at most this share of chance in
 *   clean text (an ellipsis, "as he would to a child"), the modals counted as one class.
 */
export const VERBLESS_SEAM = { minExpected: 40, maxObservedShare: 0.02, maxModalShare: 0.04 } as const;

/**
 * Subordinators that may stand without a verb after them: a comparison ("than he", "as I", "like you") or a
 * preposition too ("before the meeting", "since the move", "until the end").
 */
const VERBLESS_SUBORDINATORS = new Set(['than', 'as', 'like', 'before', 'after', 'until', 'till', 'since', 'once']);
/** Words after which a modal may stand without its verb: a comparison or a free relative ("as it would to any"). */
const ELLIPSIS_OPENERS = new Set(['than', 'as', 'what', 'whatever', 'all']);
/** The en modals, read as one class before a preposition. */
const MODALS = ['would', 'could', 'should', 'can', 'will', 'might', 'must', 'may', 'shall'];
/** Degree words that, before a stranded preposition, leave the preposition without its object ("more about,"). */
const DEGREE_TAGS = new Set(['ap', 'ql']);
/** Degree words that end an idiom with a particle ("and so on."). */
const DEGREE_IDIOMS = new Set(['so']);

/** The share of a word's occurrences right after a subject pronoun or "to" at which it counts as a verb. */
const VERB_SHARE = 0.02;
const SUBJECTS = ['i', 'you', 'he', 'she', 'it', 'we', 'they', 'to'];

/**
 * Whether an en word is read as a verb (a participle by its ending, or a word the fluency model often sees right
 * after a subject pronoun or "to"): a verb may strand a preposition before another ("referred to in the", "choose
 * from in most"), an adjective or a noun may not ("okay to with").
 */
function verbLike(unit: string | undefined): boolean {
  if (unit === undefined || !/^[a-z]/.test(unit)) return false;
  if (/(?:ed|ing|en)$/.test(unit)) return true;
  const fluency = fluencyModel('en');
  const count = fluency.unitCount(unit);
  if (count === 0) return true;
  const after = SUBJECTS.reduce((total, subject) => total + fluency.pairCount(subject, unit), 0);
  return after / count >= VERB_SHARE;
}

/**
 * en: a word that needs a verb or an object after it, followed by one that cannot be it:
 * - a preposition before another preposition ("it is okay to with your manager");
 * - a modal before a preposition ("your friend would to the party");
 * - a degree word and a preposition before a mark ("Tell me more about, take all the time you need"): the object of
 *   a template's slot left empty;
 * - a subordinator and a subject pronoun, then a second subject, a determiner or a prepositional phrase with no verb
 *   between ("whatever you in the meeting matters", "how she I remember feeling").
 * Returns the seam (the words around it), or undefined.
 */
export function verblessSeam(
  sentence: string,
  limits: { minExpected: number; maxObservedShare: number; maxModalShare: number } = VERBLESS_SEAM,
): string | undefined {
  const model = functionWordModel();
  const tokens = functionWordTokens(sentence);
  if (tokens.filter(isWordToken).length < MIN_WORDS) return undefined;
  const units = functionWordUnits(tokens);
  // A contraction carries its verb ("you're a good friend", "what's the matter"): its unit has no tag here.
  const tagOf = (unit: string | undefined) =>
    unit !== undefined && !unit.includes("'") && model.isClosed(unit) ? model.tag(unit) : '';
  // The phrase a preposition opens must start after it: "with your manager", not an idiom ("of course", "at least").
  // A name opens one too ("to with Max"). units[i] is tokens[i - 1].
  const opensPhrase = (position: number) =>
    /^(?:at|pp\$|ppo|pps|ppss|pn.*|dt.*|abn)$/.test(tagOf(units[position])) ||
    /^[A-Z][a-z]/.test(tokens[position - 1] ?? '');
  const isPreposition = (unit: string | undefined) => tagOf(unit) === 'in' || tagOf(unit) === 'to';
  const seam = (from: number, to: number) =>
    tokens
      .slice(Math.max(0, from - 1), Math.min(tokens.length, to))
      .join(' ')
      .replace(/ ([,.;:!?])/g, '$1');
  const unlikely = (left: string, right: string, maxShare: number) => {
    const expected = (model.count(left) * model.count(right)) / model.total;
    return expected >= limits.minExpected && model.pairCount(left, right) <= maxShare * expected;
  };
  // Modals are read as one class: each alone is too rare before most prepositions for its absence to be evidence.
  const unlikelyAfterModal = (right: string) => {
    const modals = MODALS.filter((modal) => model.tag(modal) === 'md');
    const expected = modals.reduce((sum, modal) => sum + (model.count(modal) * model.count(right)) / model.total, 0);
    const observed = modals.reduce((sum, modal) => sum + model.pairCount(modal, right), 0);
    return expected >= limits.minExpected && observed <= limits.maxModalShare * expected;
  };
  const boundary = (unit: string | undefined) =>
    unit === SENTENCE_END || unit === CLAUSE_MARK || unit === FULL_STOP || unit === undefined;
  // units[i] is tokens[i - 1].
  for (let position = 1; position + 1 < units.length; position += 1) {
    const left = units[position] as string;
    const right = units[position + 1] as string;
    // A title or a name written with capitals ("author of To Moscow") is not read.
    const capitalised = /^[A-Z]/.test(tokens[position] ?? '');
    const before = units[position - 1];
    if (
      isPreposition(left) &&
      isPreposition(right) &&
      !capitalised &&
      !verbLike(before) &&
      opensPhrase(position + 2) &&
      unlikely(left, right, limits.maxObservedShare)
    )
      return seam(position - 1, position + 2);
    // "a can of", "the will to": a modal's spelling after a determiner is a noun.
    if (
      tagOf(left) === 'md' &&
      isPreposition(right) &&
      !capitalised &&
      !/^(?:at|pp\$|dt.*|ap|abn)$/.test(tagOf(before)) &&
      // A comparison or a free relative leaves its verb out ("than it would on the outside", "what we can for each").
      !units.slice(Math.max(0, position - 3), position).some((unit) => ELLIPSIS_OPENERS.has(unit)) &&
      opensPhrase(position + 2) &&
      unlikelyAfterModal(right)
    )
      return seam(position - 1, position + 2);
    if (
      DEGREE_TAGS.has(tagOf(left)) &&
      !DEGREE_IDIOMS.has(left) &&
      tagOf(right) === 'in' &&
      boundary(units[position + 2])
    )
      return seam(position - 1, position + 2);
    const subordinator = /^(?:wrb|wdt|wps|cs)$/.test(tagOf(left)) && !VERBLESS_SUBORDINATORS.has(left);
    if (!subordinator) continue;
    // "no" after a subject is an adverb ("that he no longer cared").
    const nominal = (unit: string | undefined) => unit !== 'no' && /^(?:at|pp\$|pps|ppss)$/.test(tagOf(unit));
    if (/^(?:pps|ppss)$/.test(tagOf(right))) {
      const next = units[position + 2];
      const after = units[position + 3];
      if (nominal(next) || (tagOf(next) === 'in' && /^(?:at|pp\$)$/.test(tagOf(after))))
        return seam(position - 1, position + 4);
    }
    // A subordinator, a determiner and one open-class word, then a second noun phrase or the sentence's end: the
    // clause's verb is missing ("what it felt like when your boss?", "sorry that your sister the money").
    // A subject pronoun or "her" after the noun opens a clause of its own ("if the reason she left", "the devices her
    // doctor sold"): only an article is read, or the sentence's end after when, where, how or why ("what a luxury.",
    // "Is that a compliment?" are whole).
    const head = units[position + 2];
    const next = units[position + 3];
    if (
      /^(?:wrb|cs)$/.test(tagOf(left)) &&
      /^(?:at|pp\$)$/.test(tagOf(right)) &&
      head !== undefined &&
      !model.isClosed(head) &&
      /^[a-z]/.test(head) &&
      ((next === SENTENCE_END && tagOf(left) === 'wrb') || tagOf(next) === 'at')
    )
      return seam(position - 1, position + 4);
  }
  return undefined;
}

/** The signals over every sentence of an en text (the user's quotes taken out): the first seam, or undefined. */
export function findFunctionWordSeam(text: string): string | undefined {
  const own = text.replace(/"[^"]*"|“[^”]*”/g, ' 0 ');
  for (const sentence of functionWordSentences(own)) {
    const seam = misplacedSentenceOpener(sentence) ?? unlikelyFunctionWordPair(sentence) ?? verblessSeam(sentence);
    if (seam) return seam;
  }
  return undefined;
}
