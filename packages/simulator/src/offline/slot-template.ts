import type { Language } from '@rlver/spec';
import { contentTokens } from '@rlver/text-quality';
import { foldPerson, lookupUnits } from './borrowed-words';
import { backgroundFrequency, type DialogueRelevance, dialogueRelevance } from './dialogue-relevance';
import { firstPersonRun } from './first-person-run';
import { quotedSpans } from './quote-spans';
import { contentUnits } from './tone-signals';

/** The reply's own words: what is left once the user's words (quoted, or said back verbatim) are taken out. */
export interface OwnWords {
  /**
   * The reply with every quote of the user's and every run of their words said back (`MIN_RUN` or more, naming their
   * story; "I"/"you" folded) blanked.
   */
  text: string;
  /**
   * Whether the reply quotes the user (a quote of at least `MIN_SLOT` units, `USERS_SHARE` of it their words). A clause
   * said back without quotation marks is taken out of the own words but does not set this: it makes a slot only after a
   * stock opening (`BARE_SLOT`, see `slotTemplate`), since retelling the user's clause and then saying how it must feel
   * is what the shipped zh reference replies do ("又收到凌晨一点的消息，…我在听。").
   */
  slotted: boolean;
  /** Runs of the user's words said back without quotation marks that were taken out. */
  runs: number;
  /** The own text before the first of the user's words (a quote or a run), or undefined when none was taken out. */
  lead: string | undefined;
}

/** What stands where the user's words were taken out: a break for the content units, an ellipsis in the shown frame. */
const BLANK = '…';

/**
 * Share of a quote's units (zh bigrams / en words, "I"/"you" folded) the user said, from which it is their words: the
 * policies' quotes are verbatim (1.0); a line the reply suggests that borrows two of the user's words ("开始模拟通话" after
 * "模拟通话和脚本的提议", 0.6) is the reply's own.
 */
const USERS_SHARE = 0.8;
/** Fewest units (zh characters / en words) of a quote that fill a slot; shorter quotes are labels ("“算了”"). */
const MIN_SLOT: Readonly<Record<Language, number>> = { zh: 4, en: 3 };
/** Stretch that counts as the user's words said back: zh characters / en words in a row the user said. */
const STRETCH: Readonly<Record<Language, number>> = { zh: 4, en: 3 };
/**
 * Shortest run of such stretches taken out of the own words (zh characters / en words): a clause said back, not a stock
 * phrase the user happened to use too ("这件事里", "a lot of").
 */
const MIN_RUN: Readonly<Record<Language, number>> = { zh: 6, en: 4 };

/** Clause and sentence breaks (a stretch of the user's words said back does not run across one). */
const CLAUSE_BREAK = /[，。！？：；、,.!?:;…\n]/;

/** The text of units `from` … `to` − 1 (as written). */
function runText(units: readonly { start: number; end: number }[], from: number, to: number, text: string): string {
  return text.slice((units[from] as { start: number }).start, (units[to - 1] as { end: number }).end);
}

/** Largest share of the background dialogues a content unit may occur in and still name this user's situation. */
const SPECIFIC_SHARE = 0.05;

/**
 * Whether a run of the user's words said back names something of their story: a content unit of the persona and
 * story (`story`) that few background dialogues share. The user's stock phrases ("我已经做得够多了", "a lot of") do not;
 * without `story` every run does.
 */
function namesTheStory(run: string, story: string | undefined, lang: Language): boolean {
  if (story === undefined) return true;
  const storyUnits = contentUnits(story, lang);
  const { frequency, size } = backgroundFrequency(lang);
  return [...contentUnits(run, lang)].some((unit) => storyUnits.has(unit) && frequency(unit) <= size * SPECIFIC_SHARE);
}

/** Words of an en text with their positions, lower-cased and with "I"/"you" folded (one word each). */
function enWords(text: string): { word: string; start: number; end: number }[] {
  return [...text.replace(/’/g, "'").matchAll(/[A-Za-z0-9]+(?:'[A-Za-z]+)*/g)].map((match) => {
    const start = match.index ?? 0;
    return { word: foldPerson(match[0], 'en'), start, end: start + match[0].length };
  });
}

/** zh characters of a text with their positions (letters and digits only), "我"/"您" folded to "你". */
function zhUnits(text: string): { word: string; start: number; end: number }[] {
  const units: { word: string; start: number; end: number }[] = [];
  const folded = foldPerson(text, 'zh');
  for (let index = 0; index < folded.length; index += 1) {
    const character = folded[index] as string;
    if (/[\p{L}\p{N}]/u.test(character)) units.push({ word: character, start: index, end: index + 1 });
  }
  return units;
}

/**
 * The reply's own words (see {@link OwnWords}): quotes out, then every run of at least `minRun` units (default `MIN_RUN`)
 * made of `STRETCH`-unit stretches the user said in any of their messages, inside one clause of the reply, that names
 * the `story` (always, without one), or of at least `anyRun` units whatever it names. What remains is what the reply
 * itself says; a stock frame around the user's words leaves stock text.
 */
export function ownWords(
  reply: string,
  userMessages: readonly string[],
  lang: Language,
  story?: string,
  minRun: number = MIN_RUN[lang],
  anyRun: number = Number.POSITIVE_INFINITY,
): OwnWords {
  // Only the user's words are a slot: a quote of the reply's own (a line it suggests, a role-play) stays its own.
  const theirs = lookupUnits(userMessages.join('\n'), lang);
  const spans = quotedSpans(reply, lang).filter((span) => {
    const units = [...lookupUnits(span.text, lang)];
    return units.length > 0 && units.filter((unit) => theirs.has(unit)).length / units.length >= USERS_SHARE;
  });
  const quoted = spans.some(
    (span) => (lang === 'zh' ? span.text.replace(/\s/g, '').length : enWords(span.text).length) >= MIN_SLOT[lang],
  );
  let text = '';
  let cursor = 0;
  for (const span of spans) {
    if (span.start < cursor) continue;
    text += `${reply.slice(cursor, span.start)}${BLANK}`;
    cursor = span.end;
  }
  text += reply.slice(cursor);
  // Up to the first quote, `text` is the reply as written.
  const firstQuote = spans[0]?.start ?? Number.POSITIVE_INFINITY;
  const unitsOf = lang === 'zh' ? zhUnits : enWords;
  const size = STRETCH[lang];
  const said = new Set<string>();
  for (const message of userMessages) {
    const words = unitsOf(message).map((unit) => unit.word);
    for (let index = 0; index + size <= words.length; index += 1) said.add(words.slice(index, index + size).join(' '));
  }
  const units = unitsOf(text);
  const covered = new Array<boolean>(units.length).fill(false);
  for (let index = 0; index + size <= units.length; index += 1) {
    // A stretch said back stays inside one clause of the reply: "佩服你，在一次…" is no stretch "你在一次".
    const last = units[index + size - 1] as { end: number };
    if (CLAUSE_BREAK.test(text.slice((units[index] as { start: number }).start, last.end))) continue;
    const gram = units
      .slice(index, index + size)
      .map((unit) => unit.word)
      .join(' ');
    if (said.has(gram)) for (let offset = 0; offset < size; offset += 1) covered[index + offset] = true;
  }
  let own = '';
  let from = 0;
  let runs = 0;
  let firstRun = Number.POSITIVE_INFINITY;
  for (let index = 0; index < units.length; ) {
    let end = index;
    while (end < units.length && covered[end]) end += 1;
    const length = end - index;
    if (length >= anyRun || (length >= minRun && namesTheStory(runText(units, index, end, text), story, lang))) {
      const start = (units[index] as { start: number }).start;
      if (runs === 0) firstRun = start;
      own += `${text.slice(from, start)}${BLANK}`;
      from = (units[end - 1] as { end: number }).end;
      runs += 1;
    }
    index = Math.max(end, index + 1);
  }
  const first = Math.min(firstQuote, firstRun);
  return {
    text: own + text.slice(from),
    slotted: quoted,
    runs,
    lead: Number.isFinite(first) ? text.slice(0, first) : undefined,
  };
}

/** Relevance below which the reply's own words are one-size (the `not-for-me` limits of `reply-integrity.ts`). */
export interface OneSizeLimits {
  own: number;
  margin: number;
}

/**
 * How a slot is found without quotation marks, per language.
 * - The user's words: a run said back of at least `minRun` units (zh characters / en words) that names their situation
 *   (a unit of the persona, story or opener that few background dialogues share), or of at least `anyRun` units
 *   whatever it names (a clause, not a stock phrase: the offline user's need lines make 6-character runs such as
 *   "你已经做得够" that plain praise picks up, "说真的，你已经做得够出色了"). A run stays inside one clause of the reply.
 * - The frame's opening: before the user's first words, a whole clause of the reply's own (at least `leadUnits` units
 *   closed by a clause break). A reply that opens with the user's words and then says how that must feel is a retelling,
 *   what the shipped reference replies do ("…本来就难，再冷战，心里一定七上八下的。", "因为一条被…就不敢上网，这种害怕完全可以
 *   理解。", "Feeling like you …, just for being single, says …"); a slot has a stock line standing before the user's
 *   words ("这不是你的错。…，换作任何人都会难受。", "I can sense the pain in your words. … must have left you …").
 * - A frame is a stock line or two: its own words (content units outside the user's words) are at most `maxOwn`. The
 *   copies' frames have 24 zh characters / 20 en words at most; strong models' long replies that say back a few of the
 *   user's words around general advice are no frame (without the cap 31 of 47 SAGE replies called bare slots had 46 to
 *   428 own characters).
 * Figures: docs/decisions/2026-11-26-bare-slot-templates.md.
 */
const BARE_SLOT: Readonly<Record<Language, { minRun: number; anyRun: number; leadUnits: number; maxOwn: number }>> = {
  zh: { minRun: 5, anyRun: 7, leadUnits: 2, maxOwn: 48 },
  en: { minRun: 4, anyRun: 5, leadUnits: 2, maxOwn: 30 },
};

/**
 * Share of a reply the user's words may take before it is their words handed back (`parroting`, `stitched-words`: 0.6
 * of its stretches), which bounds a bare slot's length: a frame of `maxOwn` own units stands in a reply of at most
 * `maxOwn / (1 - MAX_SAID)` units, so longer replies skip the n-gram work (most strong-model replies).
 */
const MAX_SAID = 0.6;

/**
 * A reply's opening clause said back verbatim from the user (`opensWithUsersClause`): at least `minUnits` zh characters
 * / en words, outside quotation marks, with at most `maxOwn` content units of the reply's own after it. Measured
 * 2026-11-27 (docs/decisions/2026-11-27-verbless-seams.md): 4 of 6,691 SAGE strong-model replies open with 6+
 * characters of a user message verbatim, all of them long; the shipped zh reference replies that do (25 of 96) go on
 * with 17+ characters after the clause, and none is sunk.
 */
const OPENING_CLAUSE: Readonly<Record<Language, { minUnits: number; maxOwn: number }>> = {
  zh: { minUnits: 6, maxOwn: 16 },
  en: { minUnits: 5, maxOwn: 12 },
};

/** Whether the reply's first clause is a clause of a user message, said back verbatim (see `OPENING_CLAUSE`). */
export function opensWithUsersClause(reply: string, userMessages: readonly string[], lang: Language): boolean {
  const first = reply.trim().split(CLAUSE_BREAK)[0] ?? '';
  if (/["“”「」『』]/.test(first)) return false;
  if (lang === 'zh') {
    const clause = first.replace(/\s+/g, '');
    return (
      clause.length >= OPENING_CLAUSE.zh.minUnits &&
      userMessages.some((message) => message.replace(/\s+/g, '').includes(clause))
    );
  }
  const words = (text: string) =>
    ` ${(
      text
        .toLowerCase()
        .replace(/’/g, "'")
        .match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? []
    ).join(' ')} `;
  const clause = words(first);
  return (
    clause.trim().split(' ').length >= OPENING_CLAUSE.en.minUnits &&
    userMessages.some((message) => words(message).includes(clause))
  );
}

/** Whether the own words before the user's first words are a frame's opening (see `BARE_SLOT`). */
function framedLead(lead: string, lang: Language): boolean {
  const { leadUnits } = BARE_SLOT[lang];
  const parts = lead.split(CLAUSE_BREAK);
  return parts.slice(0, -1).some((part) => contentTokens(part, lang).length >= leadUnits);
}

/** Share of a frame's own content units another reply's own words share, from which they are the same frame. */
const SAME_FRAME = 0.8;

/**
 * Whether an earlier reply of the dialogue said other words of the user's in the same own words: the frame came back
 * with another clause in it ("<clause>，换作任何人都会难受。" turn after turn). Then even a frame that opens with the user's
 * words is a slot: a retelling says something new about each thing the user tells.
 */
function sameFrame(
  own: string,
  earlier: string,
  userMessages: readonly string[],
  lang: Language,
  situation: string,
): boolean {
  const { minRun, anyRun, maxOwn } = BARE_SLOT[lang];
  if (contentTokens(earlier, lang).length > maxOwn / (1 - MAX_SAID)) return false;
  const before = ownWords(earlier, userMessages, lang, situation, minRun, anyRun);
  if (before.runs === 0) return false;
  const mine = contentTokens(own.replace(/…/g, '。'), lang);
  const theirs = new Set(contentTokens(before.text.replace(/…/g, '。'), lang));
  if (mine.length === 0 || theirs.size === 0) return false;
  const shared = mine.filter((unit) => theirs.has(unit)).length;
  return shared / Math.min(mine.length, theirs.size) >= SAME_FRAME;
}

/**
 * A slot template: the reply carries the user's words (a quote, a torn fragment, a clause said back) and its own words
 * around them are one-size-fits-all by `limits`: about nothing of this user's persona and story (`story`) and fitting
 * the background dialogues as well. Any clause of anyone fills such a slot, so the reply says nothing to this user.
 * The user's words make a slot when quoted (`OwnWords.slotted`) or, said back bare, when a stock opening stands before
 * them (`BARE_SLOT`), when they keep the user's first person (`firstPersonRun`: the reply says "I …" of the user's as
 * its own, wherever the clause stands), or when an earlier reply (`earlierReplies`) put other words of theirs in the same
 * own words. Returns the relevance of the own words, the frame (the user's words shown as "…") and whether the slot was
 * bare when it is one, else undefined. The own words are measured against the story alone: the user's
 * messages carry the simulator's stock reactions ("that makes some sense"), which would make a frame's stock words look
 * like this user's.
 */
export function slotTemplate(
  reply: string,
  userMessages: readonly string[],
  story: string,
  lang: Language,
  limits: OneSizeLimits,
  earlierReplies: readonly string[] = [],
): (DialogueRelevance & { frame: string; bare: boolean }) | undefined {
  const quoted = quotedSpans(reply, lang).length > 0 ? ownWords(reply, userMessages, lang, story) : undefined;
  let own: OwnWords | undefined = quoted?.slotted ? quoted : undefined;
  if (!own) {
    const { minRun, anyRun, maxOwn } = BARE_SLOT[lang];
    // A reply that long with a frame's own words would be mostly the user's words: parroting, judged elsewhere.
    if (contentTokens(reply, lang).length > maxOwn / (1 - MAX_SAID)) return undefined;
    const situation = `${story}\n${userMessages[0] ?? ''}`;
    const bare = ownWords(reply, userMessages, lang, situation, minRun, anyRun);
    if (bare.runs === 0 || bare.lead === undefined) return undefined;
    if (contentTokens(bare.text, lang).length > maxOwn) return undefined;
    // A frame that opens with the user's clause is a slot when that clause keeps their "I": the reply says the user's
    // experience as its own, which a retelling never does ("<我…的 clause>，换作任何人都会难受。" the first time).
    // A reply that opens with a whole clause of the user's, verbatim, and adds one short stock line is no retelling
    // either: a retelling says something of its own about what it takes up.
    const framed =
      framedLead(bare.lead, lang) ||
      firstPersonRun(reply, userMessages, lang) !== undefined ||
      (contentTokens(bare.text, lang).length <= OPENING_CLAUSE[lang].maxOwn &&
        opensWithUsersClause(reply, userMessages, lang)) ||
      earlierReplies.some((earlier) => sameFrame(bare.text, earlier, userMessages, lang, situation));
    if (!framed) return undefined;
    own = bare;
  }
  const relevance = dialogueRelevance(own.text, [story], lang);
  if (relevance.own >= limits.own || relevance.margin >= limits.margin) return undefined;
  return { ...relevance, frame: own.text.replace(/(?:\s*…)+\s*/g, '…').trim(), bare: !own.slotted };
}
