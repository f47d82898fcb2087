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
function foldPerson(text: string, lang: Language): string {
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
  if (total < 3) return { share: 0, pieces: 0 };
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
  return { share: copied / total, pieces: distinct.length };
}

/**
 * What introduces a quote as the user's own words ("你说", "你刚才提到", "you said", "as you put it"). A quote the reply
 * suggests the user say ("你可以说", "then you say") is not one: it is preceded by a suggestion word.
 */
const INTRODUCED_ZH =
  /(?<!可以|然后|就|再|试着|不妨|直接|会|要|能|先|当|每次|每当|如果|要是|假如|比如|例如|或者|一旦|等|跟|对|给|和|向)(?:你|您)(?:刚才|刚刚|之前|前面|方才)?(?:说|提到|讲|写|提起|告诉我)(?:过|的|了|道)?[：:，,\s]*$|听(?:你|您)说[：:，,\s]*$/;
const HYPOTHETICAL = /比如|例如|例[：:]|假设|设想|想象|后[，,]|时[，,]|for example|for instance|imagine|suppose/i;
const INTRODUCED_EN =
  /\b(?:you (?:just |already )?(?:said|say|mentioned|wrote|told me)|you've (?:said|mentioned|told me)|as you put it|in your words|your words)[\s,:]*$/i;

/** Common en words that say nothing about what the user said (a quote is looked up by its other words). */
const EN_COMMON = new Set(
  'have been that this with just really very about what when they them there would could should will from into much more still even p-be p-of p-self'.split(
    ' ',
  ),
);

/** Units of a quote for the fuzzy lookup: zh character bigrams, en words of 4+ letters but common ones, "I"/"you" folded. */
function lookupUnits(text: string, lang: Language): Set<string> {
  const tokens = contentTokens(foldPerson(text, lang), lang);
  if (lang === 'en') return new Set(tokens.filter((token) => token.length >= 4 && !EN_COMMON.has(token)));
  const units = new Set<string>();
  for (let index = 0; index + 2 <= tokens.length; index += 1) units.add(`${tokens[index]}${tokens[index + 1]}`);
  return units;
}

/** Share of a quote's units the user's messages contain, under which the quote is not theirs. */
const FOUND_SHARE = 0.5;

/**
 * Quotes the reply presents as the user's own words ("你说“…”", "you said "…"") that the user never said: fewer than
 * half of the quote's units (zh character bigrams / en words, "I" and "you" folded) occur in any of the user's
 * messages. Quotes of fewer than 4 characters / 3 words, and quotes not introduced as the user's words, are left
 * alone (strong models quote ideas, scripts and titles). Returns the made-up quotes.
 */
export function madeUpQuotes(reply: string, userMessages: readonly string[], lang: Language): string[] {
  const said = lookupUnits(userMessages.join('\n'), lang);
  const found: string[] = [];
  for (const match of reply.matchAll(lang === 'zh' ? QUOTED_ZH : QUOTED)) {
    const quote = match.slice(1).find((group) => group !== undefined) ?? '';
    if (contentTokens(quote, lang).length < (lang === 'zh' ? 4 : 3)) continue;
    // "When you say …" is a hypothetical, not a claim about what the user said.
    const end = (match.index ?? 0) + match[0].length;
    if (/^(?:时|的时候|之类|这样的话)/.test(reply.slice(end, end + 4))) continue;
    const before = reply.slice(Math.max(0, (match.index ?? 0) - 16), match.index ?? 0);
    if (!(lang === 'zh' ? INTRODUCED_ZH : INTRODUCED_EN).test(before)) continue;
    // An example or a scene the reply sets up ("比如，你说…", "他回家后，你说…", "for example, you say …").
    if (HYPOTHETICAL.test(before)) continue;
    const units = lookupUnits(quote, lang);
    const known = [...units].filter((unit) => said.has(unit)).length;
    if (units.size > 0 && known / units.size < FOUND_SHARE) found.push(quote);
  }
  return found;
}
