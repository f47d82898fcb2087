import type { Language } from '@rlver/spec';
import { fluencyModel } from '../fluency/load-fluency-model';
import { ZH_WORDS_ENDING_IN_FUNCTION_CHARACTER, ZH_WORDS_STARTING_WITH_FUNCTION_CHARACTER } from './zh-doubling-words';
import {
  ZH_DOUBLING_STARTS_TOO,
  ZH_NEVER_DOUBLED_CHARACTERS,
  ZH_PERSON_OBJECT_VERBS,
  ZH_PRONOUNS,
} from './zh-never-doubled';

const CJK = /[\u4e00-\u9fff]/;
/** A word (three letters or more) in a script foreign to both zh and en replies: Cyrillic, Greek, Hebrew, Arabic, Devanagari, Thai, Hangul, kana. */
const OTHER_SCRIPT_WORD = /[\u0370-\u03ff\u0400-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\uac00-\ud7af]{3,}/;

/** Split into sentences at sentence marks and line breaks (marks kept out). */
export function splitSentences(text: string): string[] {
  return text
    .split(/[。！？!?.\n…~～]+/)
    .map((sentence) => sentence.replace(/[\s，,、；;：:"“”'‘’()（）*#\-—]+/g, ' ').trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * A sentence's size for the said-twice rule: zh letters (CJK characters and Latin letters; digits and symbols do not
 * count, so a separator line "――――" or a time "20:00–20:05" repeated in a schedule is no repetition), en words.
 */
function sentenceSize(sentence: string, lang: Language): number {
  return lang === 'zh' ? (sentence.match(/\p{L}/gu) ?? []).length : sentence.split(/\s+/).length;
}

/** The reply's units for n-grams: characters (no spaces, no punctuation) for zh, lower-case words for en. */
export function contentTokens(text: string, lang: Language): string[] {
  if (lang === 'zh') return [...text].filter((character) => /[\p{L}\p{N}]/u.test(character));
  return text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? [];
}

/**
 * Repetition inside one reply: a sentence said twice (zh ≥ 6 characters, en ≥ 4 words), a stretch said twice (10-grams
 * of zh characters or 7-grams of en words, covering over a quarter of the reply), a short phrase said three times (zh 4 characters, en 3 words) that covers over a
 * fifth of the reply, or one token
 * taking over the text. Returns the repeated piece, or undefined.
 */
export function findRepetition(text: string, lang: Language): string | undefined {
  const looped = findImmediateRepeat(text, lang);
  if (looped) return looped;
  const seen = new Set<string>();
  for (const sentence of splitSentences(text)) {
    const key = sentence.toLowerCase();
    if (sentenceSize(sentence, lang) >= (lang === 'zh' ? 6 : 4) && seen.has(key)) return sentence;
    seen.add(key);
  }
  const stretch = lang === 'zh' ? repeatedStretchInShortReply(text) : undefined;
  if (stretch) return stretch;
  const tokens = contentTokens(text, lang);
  const joiner = lang === 'zh' ? '' : ' ';
  const longN = lang === 'zh' ? 10 : 7;
  const shortN = lang === 'zh' ? 4 : 3;
  const long = new Map<string, number>();
  const short = new Map<string, number>();
  let repeatedPositions = 0;
  let firstRepeated: string | undefined;
  for (let index = 0; index < tokens.length; index += 1) {
    if (index + longN <= tokens.length) {
      const gram = tokens.slice(index, index + longN).join(joiner);
      const at = long.get(gram);
      if (at !== undefined && index - at >= longN) {
        repeatedPositions += 1;
        firstRepeated ??= gram;
      }
      if (at === undefined) long.set(gram, index);
    }
    if (index + shortN <= tokens.length) {
      const gram = tokens.slice(index, index + shortN).join(joiner);
      short.set(gram, (short.get(gram) ?? 0) + 1);
    }
  }
  // Long replies may quote a heading or the user's words again; a repeated stretch must cover a quarter of the reply.
  if (firstRepeated && (repeatedPositions + longN) / tokens.length > 0.25) return firstRepeated;
  for (const [gram, count] of short) {
    // A phrase said three times that takes over a fifth of the reply (long replies may reuse a phrase).
    if (count >= 3 && new Set(gram).size > 1 && (count * shortN) / tokens.length > 0.2) return gram;
  }
  if (tokens.length >= 12) {
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    const [top, most] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const limit = lang === 'zh' ? 0.25 : 0.3;
    if (most / tokens.length > limit && !/^(?:的|了|是|我|你|哈|呵|嘿|嘻|the|a|to|and|i|you|ha)$/.test(top)) return top;
  }
  return undefined;
}

/**
 * zh: in a short reply (at most `maxCharacters` CJK characters), the same stretch of `length` characters said twice
 * anywhere, marks between them ignored ("…我一直都在听你说。…小美我一直都在听你说。"): a stock clause glued again to
 * another fragment, which the whole-sentence check misses. Strong models' short replies almost never do it (1 of the
 * 6,553 distinct SAGE replies; docs/decisions/2026-11-27-function-word-seams.md).
 */
export const ZH_REPEATED_STRETCH = { length: 8, maxCharacters: 150 } as const;

function repeatedStretchInShortReply(text: string): string | undefined {
  const characters = [...text].filter((character) => /[\u4e00-\u9fff]/u.test(character)).join('');
  if (characters.length > ZH_REPEATED_STRETCH.maxCharacters) return undefined;
  const { length } = ZH_REPEATED_STRETCH;
  const first = new Map<string, number>();
  for (let index = 0; index + length <= characters.length; index += 1) {
    const stretch = characters.slice(index, index + length);
    const at = first.get(stretch);
    if (at !== undefined && index - at >= length) return stretch;
    if (at === undefined) first.set(stretch, index);
  }
  return undefined;
}

/**
 * A piece said again right after itself: zh 3–12 characters twice in a row (我懂你我懂你), 4–12 twice across a
 * comma (我懂你的感受，我懂你的感受) or 2 characters three times
 * (时间时间时间), laughter and the distributive 一A一A (一小步一小步) aside; en 2–6 words twice in a row ("I admire you I admire you").
 */
export function findImmediateRepeat(text: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    for (const twice of text.matchAll(/([\u4e00-\u9fff]{3,12})\1/gu)) {
      const piece = twice[1] as string;
      // Laughter, and the distributive 一A一A (一小步一小步, 一个需求一个需求: one at a time) are no loop.
      if (!/^[哈呵嘿嘻啊哦嗯]+$/.test(piece) && !/^一[\u4e00-\u9fff]{1,4}$/.test(piece)) return twice[0];
    }
    // A clause said again right after a comma (我懂你的感受，我懂你的感受): 4 characters or more, so 慢慢来，慢慢来 stays.
    // Across a sentence end it is a figure of speech (…就有了动力。有了动力，…), so only commas count.
    const again = /([\u4e00-\u9fff]{4,12})[，,、\s~～]+\1/u.exec(text);
    if (again) return again[0];
    const thrice = /([\u4e00-\u9fff]{2})\1\1/u.exec(text);
    if (thrice && !/^[哈呵嘿嘻啊哦嗯]+$/.test(thrice[1] as string)) return thrice[0];
    return undefined;
  }
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  for (let size = 2; size <= 6; size += 1) {
    for (let index = 0; index + 2 * size <= words.length; index += 1) {
      const first = words.slice(index, index + size).join(' ');
      if (first === words.slice(index + size, index + 2 * size).join(' ')) return `${first} ${first}`;
    }
  }
  return undefined;
}

const ZH_NEVER_DOUBLED = new Set([...ZH_NEVER_DOUBLED_CHARACTERS]);

/**
 * Whether a doubled function character at `index` (the second of the two) stands across a word boundary, not as a
 * stutter: the first ends a word ("可能能够", "没有有效", "现在在厨房"), the second opens one ("平衡和和谐",
 * "特别是是否"), or a pronoun is the object of a verb that takes a person and the next clause's subject ("给我我想", "告诉他他的").
 * Any other doubled pronoun ("，我我觉得", "的我我") is still a stutter. The word lists come from jieba's dictionary.
 */
function doubledAcrossWords(characters: readonly string[], index: number): boolean {
  const character = characters[index] as string;
  const before = characters[index - 2];
  const after = characters[index + 1];
  if (ZH_PRONOUNS.includes(character)) return before !== undefined && ZH_PERSON_OBJECT_VERBS.includes(before);
  if (before !== undefined && ZH_WORDS_ENDING_IN_FUNCTION_CHARACTER.has(before + character)) return true;
  return (
    after !== undefined &&
    ZH_DOUBLING_STARTS_TOO.includes(character) &&
    ZH_WORDS_STARTING_WITH_FUNCTION_CHARACTER.has(character + after)
  );
}
/** Interjections and laughter that may run three or more times. */
const ZH_LAUGHTER = new Set([...'哈呵嘿嘻啊哦嗯噢呜啦呀嘛哇唉嗷']);
const EN_ALLOWED_DOUBLES = new Set(['very', 'so', 'really', 'much', 'ha', 'haha', 'no', 'bye', 'yeah', 'that', 'had']);

/**
 * Stuttering: a syllable or word said again at once where the language does not do it (zh 我我我 / 在在,
 * en "I I I", "the the", "s-s-sorry"; an en word said twice only with nothing but spaces between, so "to you; you
 * put" and "is it. It is" are clauses, not a stutter). Returns the first stutter found, or undefined.
 */
export function findStutter(text: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    const characters = [...text];
    for (let index = 1; index < characters.length; index += 1) {
      const character = characters[index] as string;
      if (!CJK.test(character) || character !== characters[index - 1]) continue;
      if (characters[index + 1] === character && !ZH_LAUGHTER.has(character)) return character.repeat(3);
      const aabb = characters[index + 1] !== undefined && characters[index + 1] === characters[index + 2];
      const aabbEnd = characters[index - 2] !== undefined && characters[index - 2] === characters[index - 3];
      if (ZH_NEVER_DOUBLED.has(character) && !aabb && !aabbEnd && !doubledAcrossWords(characters, index))
        return character.repeat(2);
    }
    return undefined;
  }
  const hyphenated = /\b([a-z]{1,2})-\1-?[a-z]*/i.exec(text);
  if (hyphenated) return hyphenated[0];
  const matches = [...text.toLowerCase().matchAll(/[a-z']+/g)];
  const words = matches.map((match) => match[0]);
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] as string;
    if (word !== words[index - 1]) continue;
    if (words[index + 1] === word) return `${word} ${word} ${word}`;
    // A word that ends one clause and opens the next ("to you; you put", "is it. It is") is no stutter.
    const previous = matches[index - 1] as RegExpMatchArray;
    const between = text.slice((previous.index ?? 0) + word.length, matches[index]?.index ?? 0);
    if (!EN_ALLOWED_DOUBLES.has(word) && /^\s+$/.test(between)) return `${word} ${word}`;
  }
  return undefined;
}

/** English function words: two of them in a zh reply are English sentences, not brand names or terms. */
const EN_FUNCTION_WORDS = new Set(
  'you he she we they it me my your the an and or but so to of in on is are was be feel am not do that this with for'.split(
    ' ',
  ),
);

/**
 * Language mixing: in a zh reply, a run of three or more English words, two English function words or Latin letters above 25 % of the letters;
 * in an en reply, any CJK character; in either, letters of a third script. Returns the mixed piece.
 */
export function findMixedLanguage(text: string, lang: Language): string | undefined {
  const other = text.match(OTHER_SCRIPT_WORD);
  if (other) return other[0];
  if (lang === 'en') {
    const cjk = text.match(/[\u4e00-\u9fff]+/g) ?? [];
    return cjk.length > 0 ? cjk.join('').slice(0, 12) : undefined;
  }
  const englishRun = /[A-Za-z']+(?:[ ,]+[A-Za-z']+){2,}/.exec(text);
  if (englishRun) return englishRun[0].slice(0, 40);
  const functionWords = (text.match(/[A-Za-z']+/g) ?? []).filter((word) => EN_FUNCTION_WORDS.has(word.toLowerCase()));
  if (functionWords.length >= 2) return functionWords.join(' ');
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  const cjk = (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
  return latin >= 8 && latin / Math.max(1, latin + cjk) > 0.25 ? (text.match(/[A-Za-z]+/g) ?? []).join(' ') : undefined;
}

/** Characters a complete reply may end with: sentence marks, closing quotes and brackets, tildes, emoji. */
const COMPLETE_ENDING =
  /[。！？!?.…~～」』”"’'）)】\]*>♪♥❤]$|\p{Extended_Pictographic}\uFE0F?$|[\u2600-\u27bf]\uFE0F?$/u;

/**
 * A closing decoration of two or more symbols with no word, digit or sentence mark in it: a kaomoji
 * ("(๑˃̵ᴗ˂̵)و", "ヾ(◍°∇°◍)ﾉﾞ", "(＾▽＾)／") or a row of decorative signs. It says nothing about whether the sentence
 * before it ended, so `isCutOff` reads the text without it.
 */
const TRAILING_DECORATION =
  /\s*[^\p{Script=Han}A-Za-z0-9，。！？；：、,.!?;:~～…\s][^\p{Script=Han}A-Za-z0-9，。！？；：、,.!?;:~～…]+$/u;

/**
 * Whether a reply stops mid-sentence (no closing mark at its end, read without a closing kaomoji). Very short
 * replies are not judged.
 */
export function isCutOff(text: string, lang: Language): boolean {
  const trimmed = text.trim();
  if (contentTokens(trimmed, lang).length < (lang === 'zh' ? 4 : 2)) return false;
  if (COMPLETE_ENDING.test(trimmed)) return false;
  const undecorated = trimmed.replace(TRAILING_DECORATION, '');
  return undecorated === trimmed || undecorated.length === 0 || !COMPLETE_ENDING.test(undecorated);
}

/** Common English words that start a sentence; capitalised inside one, they show words out of their place. */
const EN_SENTENCE_STARTERS = new Set(
  'The That This It You And But So We They He She There What When If Your My Its Our Their Just Maybe Honestly Sometimes'.split(
    ' ',
  ),
);

/**
 * Word order broken the way shuffled English shows it: sentence starters capitalised inside a sentence, or
 * lower-case words right after a full stop. Returns how many such places an en reply has (0 for zh).
 */
export function brokenEnglishOrder(text: string, lang: Language): number {
  if (lang !== 'en') return 0;
  let count = 0;
  for (const match of text.matchAll(/([a-z,;]) ([A-Z][a-z]*)\b/g)) {
    if (EN_SENTENCE_STARTERS.has(match[2] as string)) count += 1;
  }
  count += (text.match(/[.!?] [a-z]/g) ?? []).length;
  return count;
}

/**
 * Lower-case en words of three or more letters that the shipped fluency model has never seen (its vocabulary is
 * 40,000 words of edited and conversational English): broken sub-words a collapsed policy writes ("inseening").
 * Capitalised words (names) are not counted. Empty for zh.
 */
export function nonWords(text: string, lang: Language): string[] {
  if (lang !== 'en') return [];
  const model = fluencyModel('en');
  const unknown: string[] = [];
  for (const match of text.replace(/’/g, "'").matchAll(/(?<![A-Za-z'])[a-z]{3,}(?:'[a-z]+)?(?![A-Za-z])/g)) {
    const word = match[0];
    const stem = word.replace(/(?:'s|n't|s|es|ed|ing|ly|est|er)$/, '');
    const american = word.replace(/is(e|ed|es|ing)$/, 'iz$1').replace(/our$/, 'or');
    if (![word, stem, `${stem}e`, american].some((candidate) => model.knows(candidate))) unknown.push(word);
  }
  return unknown;
}

/**
 * Sentence marks that cannot follow each other in written text (zh "，。", "。，", "！，"; en ", ." or ". ,"): the seams
 * of text stitched together from pieces. None of the 5,839 replies of strong models in the published SAGE files has
 * one. Returns the first seam, or undefined.
 */
export function findBrokenPunctuation(text: string, lang: Language): string | undefined {
  const pattern =
    lang === 'zh' ? /[，、；：][。，！？、；]|[。！？][，、；：]|。。(?!。)/ : /[,;:]\s*[.,!?;:]|[.!?]\s*[,;:]/;
  return pattern.exec(text)?.[0];
}
