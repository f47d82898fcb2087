import type { Language } from '@rlver/spec';

/** en determiners and possessives that must be followed by a noun phrase. */
const EN_DETERMINERS = 'the|a|an|your|my|their|our';
/** Words that never open the noun phrase after a determiner: prepositions, pronouns, auxiliaries, link words. */
const EN_NOT_AFTER_DETERMINER =
  'the|a|an|on|in|at|of|to|is|are|was|were|been|said|just|and|but|or|with|for|from|tell|you|i|me|we|they|he|she|it|would|could|should|has|have|had|not|do|does|did|take|let|whatever|what|who|which|that|these|those|as|than|because|if|when|whose|into';
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
const EN_NOT_FINAL = 'the|a|an|your|my|their|our|and|but|or|of|than|very';

const EN_RULES: readonly RegExp[] = [
  // A determiner right before a sentence mark: "about the.", "for the ceility rather than."
  new RegExp(`\\b(?:[A-Za-z]+\\s+)?(?:${EN_DETERMINERS})\\s*[.,;:!?](?![A-Za-z])`, 'i'),
  // A determiner followed by a word that cannot open a noun phrase: "the just", "the on", "the said".
  new RegExp(`\\b(?:\\w+\\s+)?(?:${EN_DETERMINERS})\\s+(?:${EN_NOT_AFTER_DETERMINER})(?![\\w'’-])(?:\\s+\\w+)?`, 'i'),
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
    const before = (words[index - 1] as string).toLowerCase();
    const contracted = before.match(/'(ve|s|d)$/);
    if (EN_BEFORE_BEEN.has(before) || contracted) continue;
    return words.slice(Math.max(0, index - 2), index + 2).join(' ');
  }
  return undefined;
}

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
  return beenWithoutAuxiliary(own) ?? splicedImperative(own);
}
