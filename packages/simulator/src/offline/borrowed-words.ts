import type { Language } from '@rlver/spec';
import { contentTokens } from '@rlver/text-quality';

/**
 * The user's own words in a reply, seen the way the user sees them: "you" for "I" makes no difference (a clause of
 * theirs turned to the second person is still their clause), and text in quotation marks is a quote, which is
 * honest only when the user said it.
 */

/** Quoted spans: “…”, 「…」, 『…』, "…" (at most 80 characters each). */
const QUOTED = /“([^“”\n]{1,80})”|「([^「」\n]{1,80})」|『([^『』\n]{1,80})』|"([^"\n]{1,80})"/g;
/** Quotes as zh replies write them (straight quotes pair up wrongly across a zh text, so they are not read there). */
const QUOTED_ZH = /“([^“”\n]{1,80})”|「([^「」\n]{1,80})」|『([^『』\n]{1,80})』/g;

/** Person words folded to one token, so the user's "I" and the reply's "you" match. */
export function foldPerson(text: string, lang: Language): string {
  if (lang === 'zh') return text.replace(/[我您]/g, '你');
  return text
    .toLowerCase()
    .replace(/\b(?:i'm|you're|i am|you are)\b/g, 'p-be')
    .replace(/\b(?:i|me|you)\b/g, 'p')
    .replace(/\b(?:my|your|mine|yours)\b/g, 'p-of')
    .replace(/\b(?:myself|yourself)\b/g, 'p-self');
}

function gramsOf(text: string, lang: Language): string[] {
  const tokens = contentTokens(foldPerson(text, lang), lang);
  const size = lang === 'zh' ? 4 : 3;
  const grams: string[] = [];
  for (let index = 0; index + size <= tokens.length; index += 1)
    grams.push(tokens.slice(index, index + size).join(' '));
  return grams;
}

/** The reply with its quoted spans taken out (each replaced by a sentence break). */
export function withoutQuotes(reply: string): string {
  return reply.replace(QUOTED, '。');
}

/** How much of a reply is the user's words (see `borrowedWords`). */
export interface BorrowedWords {
  /** Share of the reply's stretches (outside quotes, "I"/"you" folded) the user said. */
  share: number;
  /** Separate pieces of the user's words the reply is stitched from (a piece inside a longer one counts once). */
  pieces: number;
  /**
   * zh: pieces glued on to something else: in the reply the piece runs on into more characters with no break, while
   * the user's own sentence went on differently at that point ("她一点反应都|我一直都在" of "她一点反应都没有").
   */
  glued: number;
}

/**
 * The user's words in a reply: the share of its 4-character (zh) / 3-word (en) stretches, outside quotation marks and
 * with "I" and "you" folded together, that the user said (any of their messages), and how many separate pieces they
 * come in. The user's clauses cut out, turned to the second person and stitched between stock phrases score high on
 * both; a reply that quotes the user in quotation marks, picks up a word or two, or retells one thing the user said
 * inside its own sentence does not (strong models' replies on the published SAGE files: share 0.20 at most).
 */
export function borrowedWords(reply: string, userMessages: readonly string[], lang: Language): BorrowedWords {
  const tokens = contentTokens(foldPerson(withoutQuotes(reply), lang), lang);
  const size = lang === 'zh' ? 4 : 3;
  const join = (from: number, to: number) => tokens.slice(from, to).join(lang === 'zh' ? '' : ' ');
  const total = tokens.length - size + 1;
  if (total < 3) return { share: 0, pieces: 0, glued: 0 };
  const said = new Set(userMessages.flatMap((message) => gramsOf(message, lang)));
  const covered = new Array<boolean>(tokens.length).fill(false);
  let copied = 0;
  for (let index = 0; index < total; index += 1) {
    if (!said.has(tokens.slice(index, index + size).join(' '))) continue;
    copied += 1;
    for (let offset = 0; offset < size; offset += 1) covered[index + offset] = true;
  }
  const runs: string[] = [];
  for (let index = 0; index < tokens.length; ) {
    if (!covered[index]) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < tokens.length && covered[end]) end += 1;
    runs.push(join(index, end));
    index = end;
  }
  const distinct = runs.filter(
    (run, position) => !runs.some((other) => other !== run && other.includes(run)) && runs.indexOf(run) === position,
  );
  return {
    share: copied / total,
    pieces: distinct.length,
    glued: lang === 'zh' ? gluedPieces(distinct, reply, userMessages) : 0,
  };
}

const CJK_NEXT = /^[\u4e00-\u9fff]/;

/** zh pieces that run on in the reply where the user's sentence ran on differently (see `BorrowedWords.glued`). */
function gluedPieces(pieces: readonly string[], reply: string, userMessages: readonly string[]): number {
  const text = foldPerson(withoutQuotes(reply), 'zh');
  const said = userMessages.map((message) => foldPerson(message, 'zh'));
  return pieces.filter((piece) => {
    const at = text.indexOf(piece);
    if (at < 0) return false;
    const next = text.slice(at + piece.length, at + piece.length + 1);
    if (!CJK_NEXT.test(next)) return false;
    return said.some((message) => {
      const from = message.indexOf(piece);
      if (from < 0) return false;
      const theirs = message.slice(from + piece.length, from + piece.length + 1);
      return CJK_NEXT.test(theirs) && theirs !== next;
    });
  }).length;
}

/**
 * What introduces a quote as the user's own words ("你说", "你刚才提到", "you said", "as you put it"). A quote the reply
 * suggests the user say ("你可以说", "then you say") is not one: it is preceded by a suggestion word.
 */
const INTRODUCED_ZH =
  /(?<!可以|然后|就|再|试着|不妨|直接|会|要|能|先|当|每次|每当|如果|要是|假如|比如|例如|或者|一旦|等|跟|对|给|和|向)(?:你|您)(?:刚才|刚刚|之前|前面|方才)?(?:说|提到|讲|写|提起|告诉我)(?:过|的|了|道)?[：:，,\s]*$|听(?:你|您)说[：:，,\s]*$/;
export const HYPOTHETICAL =
  /比如|例如|例[：:]|假设|设想|想象|后[，,]|时[，,]|for example|for instance|imagine|suppose/i;
const INTRODUCED_EN =
  /\b(?:you (?:just |already )?(?:said|say|mentioned|wrote|told me)|you've (?:said|mentioned|told me)|as you put it|in your words|your words|hearing)[\s,:]*$/i;

/** Whether the text before a quote introduces it as the user's own words ("你说", "you said"), not as an example. */
export function introducedAsUsers(before: string, lang: Language): boolean {
  return (lang === 'zh' ? INTRODUCED_ZH : INTRODUCED_EN).test(before) && !HYPOTHETICAL.test(before);
}

/** Common en words that say nothing about what the user said (a quote is looked up by its other words). */
const EN_COMMON = new Set(
  'have been that this with just really very about what when they them there would could should will from into much more still even p-be p-of p-self'.split(
    ' ',
  ),
);

/** Units of a quote for the fuzzy lookup: zh character bigrams, en words of 4+ letters but common ones, "I"/"you" folded. */
export function lookupUnits(text: string, lang: Language): Set<string> {
  const tokens = contentTokens(foldPerson(text, lang), lang);
  if (lang === 'en') return new Set(tokens.filter((token) => token.length >= 4 && !EN_COMMON.has(token)));
  const units = new Set<string>();
  for (let index = 0; index + 2 <= tokens.length; index += 1) units.add(`${tokens[index]}${tokens[index + 1]}`);
  return units;
}

/** Share of a quote's units the user's messages contain, under which the quote is not theirs. */
const FOUND_SHARE = 0.5;

/** A clause in the first person: the voice of whoever is quoted (zh 我, en I / me / my). */
const FIRST_PERSON: Readonly<Record<Language, RegExp>> = {
  zh: /我/,
  en: /\b(?:i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|me|my|mine|myself)\b/i,
};
/**
 * Where a bare quote stands as a clause of the reply's own: at the start of the reply or right after a sentence break
 * or a comma. A quote after a colon or a dash is a script or a line the reply sets out, not the user's words.
 */
export const CLAUSE_START: Readonly<Record<Language, RegExp>> = {
  zh: /(?:^|[。！？!?，,；;…~])\s*$/,
  en: /(?:^|[.!?,;…])\s*$/,
};
/**
 * Words before a bare quote that make it a script, a thought or an example rather than the user's words: what to
 * say, write, ask or tell yourself, "for example", "like", "try".
 */
const SCRIPT_CUE: Readonly<Record<Language, RegExp>> = {
  zh: /说|讲|写|念|问|聊|分享|告诉|提醒|对自己|试着|不妨|可以|比如|例如|像|想想|默念|喊|答|回复|台词|话术|开头|换成|改成/,
  en: /\b(?:say|saying|said|tell|telling|told|ask|asking|share|sharing|text|texting|write|writing|remind|reminding|repeat|whisper|try|trying|like|e\.g\.|for example|for instance|such as|instead of|replace|something|could|might|can)\b/i,
};
/** Words right after a bare quote that make it a label or a name of a thought ("“我可以”的惊喜", "a "me first" mindset"). */
export const LABEL_AFTER: Readonly<Record<Language, RegExp>> = {
  zh: /^\s*(?:的|之类|这类|这样的|开头|作为|为|时|那个|这个词|两个字|三个字|四个字|几个字|[（(\n]|$)/,
  en: /^\s*(?:moment|mindset|feeling|voice|thought|kind|type|phase|script|line|mode|list|approach|mantra|version|[(\n]|$)/i,
};

/**
 * Whether a quote with nothing saying whose words they are reads as the user's own: a first-person clause standing
 * as a clause of the reply (after a sentence break or a comma), not set out as a script, a thought or an example,
 * and not a label ("那种“原来我可以”的惊喜"). The trained embedded policy writes exactly this
 * ("我真的很佩服你，“我说那支股票很稳”这件事写下来", `I hear you. "I have been doing the team’s keys the night" sounds
 * like …`); strong models' quotes of this shape are scripts after "告诉她，", "比如，" (left out by the cue words).
 */
export function readsAsTheUsers(quote: string, before: string, after: string, lang: Language): boolean {
  // The first person inside a nested quote is someone else's voice; a blank or a "/" makes the quote a template.
  if (!FIRST_PERSON[lang].test(quote.replace(/‘[^’]*’|'[^']*'/g, ''))) return false;
  if (/[/…]|\.\.\.|XX/.test(quote)) return false;
  if (!CLAUSE_START[lang].test(before) || LABEL_AFTER[lang].test(after)) return false;
  // One of a list of quoted lines ("“…”，“…”") is a list of scripts.
  if (/[”」』"]\s*[，,、;；]?\s*$/.test(before) || /^\s*[，,、;；]?\s*[“「『"]/.test(after)) return false;
  // "你说过…" / "you said" before it is no script cue: it says the words are the user's.
  const cues = before.replace(
    /(?:你|您)(?:刚才|之前|一直)?(?:说|讲|提到)|\byou(?: just| already)? (?:said|say|told me|mentioned)\b/gi,
    '',
  );
  return !SCRIPT_CUE[lang].test(cues) && !HYPOTHETICAL.test(before);
}

/**
 * Quotes the reply puts in the user's mouth that the user never said: fewer than half of the quote's units (zh
 * character bigrams / en words, "I" and "you" folded) occur in any of the user's messages. A quote counts as the
 * user's when it is introduced as their words ("你说“…”", "you said "…"") or, bare, when it reads as theirs (a
 * first-person clause standing in the reply, see `readsAsTheUsers`). Quotes of fewer than 4 characters / 3 words,
 * and other quotes (ideas, scripts, titles, examples: strong models write many) are left alone. A true quote of the
 * user's words, verbatim or nearly so, never counts. Returns the made-up quotes.
 */
export function madeUpQuotes(reply: string, userMessages: readonly string[], lang: Language): string[] {
  const said = lookupUnits(userMessages.join('\n'), lang);
  const found: string[] = [];
  for (const match of reply.matchAll(lang === 'zh' ? QUOTED_ZH : QUOTED)) {
    const quote = match.slice(1).find((group) => group !== undefined) ?? '';
    if (contentTokens(quote, lang).length < (lang === 'zh' ? 4 : 3)) continue;
    // "When you say …" is a hypothetical, not a claim about what the user said.
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (/^(?:时|的时候|之类|这样的话)/.test(reply.slice(end, end + 4))) continue;
    const before = reply.slice(Math.max(0, start - 16), start);
    const introduced = introducedAsUsers(before, lang);
    // An example or a scene the reply sets up ("比如，你说…", "他回家后，你说…", "for example, you say …").
    if (!introduced && !readsAsTheUsers(quote, before, reply.slice(end, end + 12), lang)) continue;
    const units = lookupUnits(quote, lang);
    const known = [...units].filter((unit) => said.has(unit)).length;
    const unsaid = units.size > 0 && known / units.size < FOUND_SHARE;
    // A bare en quote is the user's only when its word pairs are theirs too: two of its words alone do not make
    // "I have been doing the team's keys the night" out of "I have been locking up for the team every night".
    if (unsaid || (!introduced && lang === 'en' && pairShare(quote, userMessages) < FOUND_SHARE)) found.push(quote);
  }
  return found;
}

/** Share of an en quote's word pairs ("I"/"you" folded) that occur in the user's messages. */
function pairShare(quote: string, userMessages: readonly string[]): number {
  const pairs = (text: string) => {
    const tokens = contentTokens(foldPerson(text.replace(/’/g, "'"), 'en'), 'en');
    return tokens.slice(1).map((token, index) => `${tokens[index]} ${token}`);
  };
  const own = pairs(quote);
  if (own.length === 0) return 1;
  const said = new Set(userMessages.flatMap(pairs));
  return own.filter((pair) => said.has(pair)).length / own.length;
}
