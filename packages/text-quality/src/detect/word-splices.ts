import type { Language } from '@rlver/spec';
import { fluencyModel } from '../fluency/load-fluency-model';
import { nonWords } from './degenerate-signals';
import { findFunctionWordSeam } from './function-word-seams';

/** en determiners and possessives that must be followed by a noun phrase. */
const EN_DETERMINERS = 'the|a|an|your|my|their|our';
/** Words that never open the noun phrase after a determiner: prepositions, pronouns, auxiliaries, link words. */
const EN_NOT_AFTER_DETERMINER =
  'the|a|an|on|in|at|of|to|is|are|was|were|been|said|just|and|but|or|with|for|from|tell|you|i|me|we|they|he|she|it|would|could|should|has|have|had|not|do|does|did|take|let|whatever|what|who|which|that|these|those|as|than|because|if|when|whose|into|yourself|myself|himself|herself|itself|ourselves|themselves|yourselves';
/** Determiners whose next word the shipped model is asked about (`nonNominalAfterDeterminer`). */
const EN_MODEL_DETERMINERS = ['the', 'a', 'an', 'your', 'my', 'their', 'our'];
/** Subject pronouns: a word that often follows one is a verb or an adverb, not the head of a noun phrase. */
const EN_SUBJECTS = ['i', 'you', 'he', 'she', 'it', 'we', 'they'];
/**
 * A word counts as one that never opens a noun phrase when the shipped model (Brown corpus + the en training scenarios)
 * has seen it at least `minCount` times, never right after a determiner, at least `minAfterSubject` of them right after
 * a subject pronoun, and under `maxAfterTo` after "to": inflected verbs and adverbs ("makes", "took", "quickly"). Not
 * nouns (a noun seldom seen after "the" in the sources, "hobbies", is seldom seen after "I" either), not base verbs
 * that are nouns too ("my guess", "a try": seen after "to" or after a determiner), not "-ed" participles that stand as
 * adjectives ("your loved ones", "a missed call"). 99 words of the model's 40,000 qualify.
 */
const EN_NON_NOMINAL = { minCount: 100, minAfterSubject: 0.02, maxAfterTo: 0.02 };
/** Words that may come right before "been" (an auxiliary or an adverb between it and "been"). */
const EN_BEFORE_BEEN = new Set(
  "have has had having 've 's 'd ve s d never ever always just already not also only recently really truly all both long since".split(
    ' ',
  ),
);
/** Link words that let an imperative carry a second finite verb ("Let me know how it is"). */
const EN_LINKS =
  /\b(?:that|what|whatever|how|who|whom|which|when|where|why|if|because|and|but|so|whether|while|as|until|since|than|or|once)\b/i;
/** Words that cannot end an en sentence. */
const EN_NOT_FINAL = 'the|a|an|your|my|their|our|and|but|or|than|very';

const EN_RULES: readonly RegExp[] = [
  // A determiner right before a sentence mark: "about the.", "for the ceility rather than."
  new RegExp(`\\b(?:[A-Za-z]+\\s+)?(?:${EN_DETERMINERS})\\s*[.,;:!?](?![A-Za-z])`, 'i'),
  // A determiner followed by a word that cannot open a noun phrase: "the just", "the on", "the said".
  // ("the a.m." is a time, not "the a").
  new RegExp(
    `\\b(?:\\w+\\s+)?(?:${EN_DETERMINERS})\\s+(?:${EN_NOT_AFTER_DETERMINER})(?![\\w'’-]|\\.[a-z]\\.)(?:\\s+\\w+)?`,
    'i',
  ),
  // A sentence that ends on a word that cannot end one: "rather than.", "how much you and."
  new RegExp(`\\b\\w+\\s+(?:${EN_NOT_FINAL})\\s*[.!?](?![A-Za-z])`, 'i'),
  // A lone lower-case letter that is no word ("the hospitalaff w walls").
  /(?<![\w'’-])[b-hj-z](?![\w'’.-])\s+\w+/,
];

/**
 * en: "been" with no auxiliary before it ("the only one-sided friendship been weighing on you").
 * Returns the piece, or undefined.
 */
function beenWithoutAuxiliary(text: string): string | undefined {
  const words = [...text.replace(/’/g, "'").matchAll(/[A-Za-z]+(?:'[a-z]+)?/g)].map((match) => match[0]);
  for (let index = 1; index < words.length; index += 1) {
    if ((words[index] as string).toLowerCase() !== 'been') continue;
    // An adverb between the auxiliary and "been" ("has clearly been") or a subject after it ("have you been") is
    // looked past.
    const skip = /ly$|^(?:you|i|we|they|he|she|it)$/i.test(words[index - 1] as string) && index >= 2;
    const before = (words[index - (skip ? 2 : 1)] as string).toLowerCase();
    const contracted = before.match(/'(ve|s|d)$/);
    if (EN_BEFORE_BEEN.has(before) || contracted) continue;
    return words.slice(Math.max(0, index - 2), index + 2).join(' ');
  }
  return undefined;
}

/**
 * en: a determiner followed by a word that, by the shipped model's counts, is a verb or an adverb and never opens a
 * noun phrase ("Tell me more about the makes sense", "about the took"). The word as written must be lower case (a
 * name after "the" is capitalised). Returns the seam, or undefined.
 */
function nonNominalAfterDeterminer(text: string): string | undefined {
  const model = fluencyModel('en');
  // Hyphenated words stay whole ("a made-up story" is no "a made").
  const tokens = [...text.replace(/’/g, "'").matchAll(/[A-Za-z]+(?:['-][A-Za-z]+)*|[^\sA-Za-z]/g)].map(
    (match) => match[0],
  );
  for (let index = 1; index < tokens.length; index += 1) {
    const determiner = (tokens[index - 1] as string).toLowerCase();
    const word = tokens[index] as string;
    if (!EN_MODEL_DETERMINERS.includes(determiner) || !/^[a-z]+(?:'[a-z]+)?$/.test(word) || /ed$/.test(word)) continue;
    const count = model.unitCount(word);
    if (count < EN_NON_NOMINAL.minCount) continue;
    const sum = (lefts: readonly string[]) => lefts.reduce((total, left) => total + model.pairCount(left, word), 0);
    if (sum(EN_MODEL_DETERMINERS) > 0) continue;
    if (sum(EN_SUBJECTS) / count < EN_NON_NOMINAL.minAfterSubject) continue;
    if (model.pairCount('to', word) / count >= EN_NON_NOMINAL.maxAfterTo) continue;
    return `${tokens[index - 1]} ${word}`;
  }
  return undefined;
}

/**
 * en: a word the language does not have, glued by a hyphen to another ("the concer-sided friendship", "one-fa"): a
 * word cut mid-way and joined to the next piece. Returns the compound, or undefined.
 */
function cutWordCompound(text: string): string | undefined {
  for (const match of text.replace(/’/g, "'").matchAll(/(?<![A-Za-z'-])[a-z]+(?:-[a-z]+)+(?![A-Za-z'-])/g)) {
    const parts = match[0].split('-');
    const cut = parts.filter((part) => part.length >= 2 && !EN_PREFIXES.has(part) && nonWords(part, 'en').length > 0);
    const short = parts.filter((part) => part.length < 3 && !EN_PREFIXES.has(part) && !fluencyModel('en').knows(part));
    if (cut.length > 0 || short.length > 0) return match[0];
  }
  return undefined;
}

/** Prefixes that stand before a hyphen without being words ("co-worker", "re-read", "non-stop"). */
const EN_PREFIXES = new Set(
  'co re pre non ex anti semi multi mid sub un over under post self well ill half part e'.split(' '),
);

/**
 * en: an imperative clause ("Let it all …", "Tell me …") that carries a second finite verb with no link word
 * between: two clauses spliced into one ("Let it all one-sided friendship is welcome here").
 */
function splicedImperative(text: string): string | undefined {
  for (const clause of text.split(/[.!?;:\n]+/)) {
    const imperative = /^\s*(?:let|tell|take|say)\b/i.exec(clause);
    if (!imperative) continue;
    const finite = /\b(?:is|are|was|were)\b/i.exec(clause);
    if (!finite) continue;
    const between = clause.slice(imperative[0].length, finite.index);
    if (EN_LINKS.test(between) || /[,"“”]/.test(between)) continue;
    return clause.slice(0, finite.index + finite[0].length).trim();
  }
  return undefined;
}

/**
 * zh joins the language does not make: the preposition 对 before a degree adverb (你对这么反应), a conjunction
 * before a question verb (你和有没有), an ellipsis before a comma (说实寿…，), or a clause marker with nothing after it
 * (一方面。), 从 with nothing after it (你从他，), marks that cannot meet ("说说，”，", "拼命、：").
 */
const ZH_RULES: readonly RegExp[] = [
  /[\u4e00-\u9fff]?(?<![面针相绝反应核比])对(?:这么|那么|多么)[\u4e00-\u9fff]{0,2}/u,
  /[\u4e00-\u9fff]?[和跟与](?:有没有|是不是|会不会|能不能)/u,
  /[\u4e00-\u9fff]{0,3}(?<!…)…[，、；]/u,
  /[\u4e00-\u9fff]{0,3}(?<![某这那各每哪])(?:一方面|另一方面|首先|其次)[。！？]/u,
  // 从 with at most one character before a mark: "你从他，", "你从好，".
  /[\u4e00-\u9fff]{0,2}[你我她他]从[\u4e00-\u9fff]?[，。！？；]/u,
  // A comma closed inside a quote and then another mark ("说说，”，"), or a pause mark before a colon ("拼命、：").
  /[\u4e00-\u9fff]{0,3}[，、；][”」’"][，、；：。]|[\u4e00-\u9fff]{0,3}[，、；][：；]/u,
  // 把/被 and a pronoun with nothing after it: a preposition whose phrase was cut off ("这件事把你，换作任何人").
  /[\u4e00-\u9fff]{0,2}[把被](?:你|我|他|她|它)们?[，。！？；]/u,
];

/**
 * A word-level splice: two pieces joined where the grammar of the language cannot join them, the seam a policy
 * leaves when a template meets copied words ("Let it all one-sided friendship is welcome here", "Tell me more
 * about the just listen.", "你对这么反应完全能理解"). Closed-class rules only: a determiner before a mark or a
 * function word, a sentence ending on a determiner or conjunction, a lone letter, "been" without an auxiliary, an
 * imperative with a second verb and no link word; zh seams of function words. Returns the seam, or undefined.
 */
export function findWordSplice(text: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    for (const rule of ZH_RULES) {
      const match = rule.exec(text);
      if (match) return match[0];
    }
    return undefined;
  }
  // Quoted words are the user's own; judge the reply's own words.
  const own = text.replace(/"[^"]*"|“[^”]*”/g, ' "" ');
  for (const rule of EN_RULES) {
    const match = rule.exec(own);
    if (match) return match[0].trim();
  }
  return (
    beenWithoutAuxiliary(own) ??
    splicedImperative(own) ??
    nonNominalAfterDeterminer(own) ??
    cutWordCompound(own) ??
    findFunctionWordSeam(text)
  );
}

/**
 * Every sentence of a reply that holds a word splice (`findWordSplice` sentence by sentence, the user's quotes left
 * out in en): the seams, one per spliced sentence, and the number of sentences. How much of a reply is spliced is
 * `seams.length / sentences`.
 */
export function findWordSplices(text: string, lang: Language): { seams: string[]; sentences: number } {
  // en: the user's quotes out first, so that a quote holding a full stop is not cut in two.
  const own = lang === 'zh' ? text : text.replace(/"[^"]*"|“[^”]*”/g, ' "Q" ');
  // en sentences end at a mark followed by a capital (not inside "2 a.m. lights" or "Mr. Lee").
  const sentences =
    lang === 'zh'
      ? (own.match(/[^。！？!?\n]+[。！？!?]*/gu) ?? [])
      : own.split(/(?<=[.!?]["”’)]?)\s+(?=["“]?[A-Z])|\n+/);
  const kept = sentences.filter((sentence) => /[\p{L}]/u.test(sentence));
  const seams: string[] = [];
  for (const sentence of kept) {
    const seam = findWordSplice(sentence, lang);
    if (seam) seams.push(seam);
  }
  return { seams, sentences: kept.length };
}
