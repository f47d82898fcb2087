import type { Language } from '@rlver/spec';
import { contentTokens } from '@rlver/text-quality';
import {
  CLAUSE_START,
  foldPerson,
  introducedAsUsers,
  LABEL_AFTER,
  lookupUnits,
  readsAsTheUsers,
} from './borrowed-words';
import { type QuoteSpan, quotedSpans } from './quote-spans';

/** A quote that claims to be the user's words but is not one piece of what they said. */
export interface BrokenQuote {
  /** The quoted text (for an unclosed quote, what follows the opening mark). */
  quote: string;
  /** Edits (insertions, deletions, substitutions of zh characters / en words) from the nearest piece the user said. */
  edits: number;
  /** Whether the opening mark was never closed. */
  closed: boolean;
  /** What makes the quote claim to be the user's words. */
  claim: 'introduced' | 'first-person' | 'unclosed' | 'stutter' | 'mostly-theirs' | 'unquoted';
}

/** Quotes shorter than this (zh characters / en words, person words left out) are not checked. */
const MIN_UNITS: Readonly<Record<Language, number>> = { zh: 4, en: 3 };
/**
 * Edits allowed per unit of the quote before it is no longer the user's words: a trimmed particle, a changed person
 * word, a dropped article (at least `MIN_ALLOWED`).
 */
const EDIT_SHARE: Readonly<Record<Language, number>> = { zh: 0.15, en: 0.2 };
/** Edits always allowed, however short the quote: one changed unit, or two units of the user's left out. */
const MIN_ALLOWED = 1.25;
/** Share of a bare quote's units (zh bigrams / en content words) the user said, from which it presents their words. */
const MOSTLY_THEIRS = 0.5;

/** Units from which an unclosed mark at the start of a line wraps the paragraph rather than opening a quote. */
const WRAPPED_REPLY = 30;

/** Units between a word and itself in ordinary zh ("好不好", "想了想", "看一看"). */
const A_NOT_A = new Set(['不', '没', '一', '了', '来', '去']);

/**
 * Whether a quote says a piece twice in a row ("邓晓雯晓雯", "章节的章" → a unit pair repeated within three units) that
 * the user never said so: the stutter of a policy gluing the user's words, not a label condensed from them.
 */
function stutters(units: readonly string[], messages: readonly (readonly string[])[]): boolean {
  const saidPairs = new Set(
    messages.flatMap((message) => message.slice(1).map((unit, index) => `${message[index]}${unit}`)),
  );
  for (let index = 0; index + 1 < units.length; index += 1) {
    const pair = `${units[index]}${units[index + 1]}`;
    for (let next = index + 2; next <= index + 4 && next + 1 < units.length; next += 1) {
      // "适合不适合", "要没要": a question form, not a stutter.
      if (units.slice(index + 2, next).some((unit) => A_NOT_A.has(unit))) continue;
      if (`${units[next]}${units[next + 1]}` === pair && !saidPairs.has(`${units[index + 1]}${units[next]}`))
        return true;
    }
  }
  for (let index = 0; index + 2 < units.length; index += 1) {
    if (
      units[index] === units[index + 2] &&
      !A_NOT_A.has(units[index + 1] as string) &&
      units[index] !== units[index + 1]
    ) {
      const piece = `${units[index]}${units[index + 1]}${units[index + 2]}`;
      if (!messages.some((message) => message.join('').includes(piece))) return true;
    }
  }
  return false;
}

/**
 * Whether a quote stands as a clause of the reply (after a sentence break or a comma, or a short opener such as
 * "其实", "On one hand,") and is not a label or one of a list: the reply's own sentence is built on it as the user's
 * words ("“…”，也许对方…", ""…" would upset anyone").
 */
function standsAsClause(before: string, after: string, lang: Language): boolean {
  const opener =
    lang === 'zh'
      ? /(?:其实|就是|也许|可能|毕竟|说真的|回头看)\s*$/
      : /\b(?:on one hand|on the other hand|hearing|with)[,\s]*$/i;
  if (!CLAUSE_START[lang].test(before) && !opener.test(before)) return false;
  if (LABEL_AFTER[lang].test(after)) return false;
  return !/[”」』"]\s*[，,、;；]?\s*$/.test(before) && !/^\s*[，,、;；]?\s*[“「『"]/.test(after);
}

/** Characters ("我" and four more) a clause must share with the user's own words to speak in their voice. */
const UNQUOTED_HEAD = 5;

/** An en text's word pairs, lower-cased, "I"/"you" folded. */
function pairsOf(text: string): string[] {
  const words = contentTokens(foldPerson(text.replace(/’/g, "'"), 'en'), 'en');
  return words.slice(1).map((word, index) => `${words[index]} ${word}`);
}

/** Implicit quotes: spans that carry the user's voice without marks (see `unquotedVoice`). */
type Span = QuoteSpan & { implicit?: boolean };

/**
 * The user's own words in the reply without quotation marks: in en, what follows "you said" when its first two words
 * are a pair the user said; in zh, a clause that starts with "我" plus the
 * next four characters the user said right after their "我" ("这不是你的错。我在地铁上突然…"). The reply speaks in the
 * user's voice, so the clause is held to the standard of a quote: one contiguous piece of what they said.
 */
function unquotedVoice(reply: string, userMessages: readonly string[], lang: Language): Span[] {
  const spans: Span[] = [];
  if (lang === 'en') {
    // "You said both sides here." with no quotation marks, "you said" opening a clause (not "one thing you said to
    // Max"): what follows is presented as the user's words.
    const said = new Set(userMessages.flatMap((message) => pairsOf(message)));
    for (const match of reply.matchAll(
      /(?<=(?:^|[.!?,;:])\s*)you (?:just )?said,?\s+(?!it\b|so\b|to\b|["“'‘])([^."“”!?;\n]{8,80})/gi,
    )) {
      const text = match[1] ?? '';
      const head = pairsOf(text)[0];
      if (head === undefined || !said.has(head)) continue;
      const start = (match.index ?? 0) + match[0].length - text.length;
      spans.push({ text, start, end: start + text.length, closed: true, implicit: true });
    }
    return spans;
  }
  const outside = reply.replace(/“[^”\n]*”?|「[^」\n]*」?|『[^』\n]*』?/g, (match) => '。'.repeat(match.length));
  for (const match of outside.matchAll(
    /(?<=^|[。！？!?，,；;…~\s])我(?!们|觉得|认为|建议|理解|明白|知道|相信|希望|想说|猜|能|会|一直)[^。！？!?，,；;…~\s“”「」『』]{4,40}/g,
  )) {
    const head = match[0].slice(0, UNQUOTED_HEAD);
    if (head.length < UNQUOTED_HEAD || !userMessages.some((message) => message.includes(head))) continue;
    const start = match.index ?? 0;
    spans.push({ text: match[0], start, end: start + match[0].length, closed: true, implicit: true });
  }
  return spans;
}

/**
 * Last units after which no clause can stop: a quote of the user's words cut there is a piece torn out mid-phrase
 * ("我在业主群里被楼", "我爸直接把电话", "I asked Daniel about the lights on at 2 a").
 */
const DANGLING: Readonly<Record<Language, RegExp>> = {
  zh: /[被把将给跟和与对向让从往替为]$/,
  en: /^(?:the|a|an|to|of|and|with|at|on|in|for|about|without|from|by|because|but|or|p-of)$/,
};

/**
 * Whether a quote stops mid-phrase: on a dangling unit, or (zh) one character after a dangling one where the user's
 * own sentence runs on past the quote with more than a particle ("我的照片被人" of "我的照片被人发到群里").
 */
function endsMidPhrase(
  quote: string,
  units: readonly string[],
  userMessages: readonly string[],
  lang: Language,
): boolean {
  // The quote's own last word, person words included ("… without you" does not dangle).
  const words = lang === 'en' ? contentTokens(quote.replace(/’/g, "'"), 'en') : units;
  const last = words.at(-1) ?? '';
  // "2 a" is "2 a.m." cut at its full stop, not a dangling article.
  if (DANGLING[lang].test(last)) return !(lang === 'en' && last === 'a' && /^\d+$/.test(words.at(-2) ?? ''));
  if (lang === 'en' || !DANGLING.zh.test(units.at(-2) ?? '')) return false;
  const tail = quote.replace(/[^\p{L}\p{N}]+$/u, '').slice(-4);
  return userMessages.some((message) => {
    const at = message.indexOf(tail);
    return (
      at >= 0 &&
      /^[\u4e00-\u9fff]/.test(message.slice(at + tail.length)) &&
      !/^[了着过的吗呢吧啊]/.test(message.slice(at + tail.length))
    );
  });
}

/** Units a quote's start must share, in order, with something the user said to start as their words. */
const HEAD_UNITS: Readonly<Record<Language, number>> = { zh: 4, en: 3 };

/** Whether a quote starts with a stretch of `HEAD_UNITS` units the user said (its first units, person words left out). */
function startsAsTheirs(units: readonly string[], messages: readonly (readonly string[])[], lang: Language): boolean {
  const size = HEAD_UNITS[lang];
  if (units.length < size) return false;
  const head = units.slice(0, size).join(' ');
  return messages.some((message) => ` ${message.join(' ')} `.includes(` ${head} `));
}

/** The units a quote is aligned by: zh characters, en words, with person words left out ("我"/"你", "I"/"you"). */
function alignUnits(text: string, lang: Language): string[] {
  const tokens = contentTokens(foldPerson(text.replace(/’/g, "'"), lang), lang);
  return lang === 'zh' ? tokens.filter((token) => token !== '你') : tokens.filter((token) => !/^p(?:-|$)/.test(token));
}

/**
 * Cost of a word of the user's left out inside the quoted stretch: quoting "找平衡点挺难的" for "找到平衡点真的挺难的" is
 * still their words, trimmed; a long stretch skipped (two pieces far apart glued together) adds up.
 */
const SKIP_COST = 0.6;

/** Longest run of the user's units a quote may leave out in one place: more is two pieces glued together. */
const MAX_SKIP_RUN = 2;

/**
 * Cheapest way to turn the quote into some contiguous stretch of the message (semi-global alignment: the stretch may
 * start and end anywhere in the message, the quote must be matched whole): a quote unit that is not the message's
 * (inserted or changed) costs 1, a message unit left out inside the stretch `SKIP_COST`, and at most `MAX_SKIP_RUN`
 * units in a row may be left out ("我现在不需要什[么建议我只]想有人听" is two pieces). A quote that departs from the
 * user's words at its very end costs one more edit unless it ends on a matched unit (run on both texts reversed, the
 * same holds for its start). Stops early once every cell exceeds `cap`.
 */
function editsToStretch(quote: readonly string[], message: readonly string[], cap: number): number {
  const width = message.length + 1;
  // kept[j]: best cost with the last step a match, change or insertion; skipped[k][j]: ending in a run of k+1 skips.
  let kept = new Array<number>(width).fill(0);
  let skipped = Array.from({ length: MAX_SKIP_RUN }, () => new Array<number>(width).fill(Number.POSITIVE_INFINITY));
  const bestAt = (column: number) => Math.min(kept[column] as number, ...skipped.map((run) => run[column] as number));
  for (let row = 1; row <= quote.length; row += 1) {
    const nextKept = new Array<number>(width).fill(Number.POSITIVE_INFINITY);
    const nextSkipped = Array.from({ length: MAX_SKIP_RUN }, () =>
      new Array<number>(width).fill(Number.POSITIVE_INFINITY),
    );
    nextKept[0] = row;
    let best = row;
    let endMatched = Number.POSITIVE_INFINITY;
    for (let column = 1; column <= message.length; column += 1) {
      const same = quote[row - 1] === message[column - 1];
      const diagonal = bestAt(column - 1);
      if (same) endMatched = Math.min(endMatched, diagonal);
      nextKept[column] = Math.min(diagonal + (same ? 0 : 1), bestAt(column) + 1);
      (nextSkipped[0] as number[])[column] = (nextKept[column - 1] as number) + SKIP_COST;
      for (let run = 1; run < MAX_SKIP_RUN; run += 1) {
        (nextSkipped[run] as number[])[column] = ((nextSkipped[run - 1] as number[])[column - 1] as number) + SKIP_COST;
      }
      best = Math.min(best, nextKept[column] as number);
    }
    if (best > cap) return best;
    if (row === quote.length) return Math.min(endMatched, best + 1);
    kept = nextKept;
    skipped = nextSkipped;
  }
  return 0;
}

/**
 * Quotes that claim to be the user's words and are not ONE contiguous, (near-)verbatim piece of what the user said in
 * this dialogue: a quote that starts as their words and runs off them, an opening mark never closed, pieces of
 * different messages (or of one message, far apart) glued into one quote, a stutter inside a quote. A quote claims to
 * be the user's when it is introduced as their words ("你说“…”", "you said "…""), reads as their voice (a bare
 * first-person clause, see `readsAsTheUsers`), or is mostly made of their words; quotes of ideas, scripts and titles
 * are left alone. A real quote, with punctuation trimmed, a person word changed or a particle dropped, is never
 * counted (edits up to `EDIT_SHARE` of its length). Quotes the user never said at all are `madeUpQuotes`' job.
 */
export function brokenQuotes(reply: string, userMessages: readonly string[], lang: Language): BrokenQuote[] {
  const messages = userMessages.map((message) => alignUnits(message, lang));
  const said = lookupUnits(userMessages.join('\n'), lang);
  const found: BrokenQuote[] = [];
  const spans: Span[] = [...quotedSpans(reply, lang), ...unquotedVoice(reply, userMessages, lang)];
  for (const span of spans) {
    const units = alignUnits(span.text, lang);
    if (units.length < MIN_UNITS[lang]) continue;
    const before = reply.slice(Math.max(0, span.start - 16), span.start);
    const after = reply.slice(span.end, span.end + 12);
    if (span.closed && /^(?:时|的时候|之类|这样的话)/.test(after)) continue;
    const lookup = [...lookupUnits(span.text, lang)];
    const theirs = lookup.length > 0 ? lookup.filter((unit) => said.has(unit)).length / lookup.length : 0;
    // A reply (or a paragraph) wrapped whole in an opening mark is not a quote.
    const lineStart = reply.lastIndexOf('\n', span.start - 1) + 1;
    if (!span.closed && reply.slice(lineStart, span.start).trim() === '' && units.length >= WRAPPED_REPLY) continue;
    const claim = introducedAsUsers(before, lang)
      ? 'introduced'
      : readsAsTheUsers(span.text, before, after, lang)
        ? 'first-person'
        : !span.closed && (theirs >= MOSTLY_THEIRS / 2 || startsAsTheirs(units, messages, lang))
          ? 'unclosed'
          : theirs >= MOSTLY_THEIRS && stutters(units, messages)
            ? 'stutter'
            : (theirs >= MOSTLY_THEIRS || (span.closed && startsAsTheirs(units, messages, lang))) &&
                standsAsClause(before, after, lang)
              ? 'mostly-theirs'
              : span.implicit
                ? 'unquoted'
                : undefined;
    // A closed claim of mostly what the user never said is a made-up quote (`madeUpQuotes`), not a broken one; an
    // implicit quote (no marks, which `madeUpQuotes` does not read) is held to the standard here.
    const madeUpsJob = claim === 'introduced' || claim === 'first-person';
    if (claim === undefined || (span.closed && !span.implicit && madeUpsJob && theirs < MOSTLY_THEIRS)) continue;
    const allowed = Math.max(MIN_ALLOWED, units.length * EDIT_SHARE[lang]);
    let edits = Number.POSITIVE_INFINITY;
    for (const message of messages) {
      edits = Math.min(
        edits,
        Math.max(
          editsToStretch(units, message, allowed),
          editsToStretch([...units].reverse(), [...message].reverse(), allowed),
        ),
      );
      if (edits <= allowed) break;
    }
    if (edits <= allowed && endsMidPhrase(span.text, units, userMessages, lang)) edits = allowed + 1;
    if (edits > allowed)
      found.push({ quote: span.text.trim(), edits, closed: span.closed, claim: claim as BrokenQuote['claim'] });
  }
  return found;
}
