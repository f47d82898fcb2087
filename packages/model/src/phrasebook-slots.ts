import type { ChatMessage, Language, Rng } from '@rlver/spec';

/**
 * What a grounded reply is built from: only what the user has said (the policy sees the dialogue, never the hidden
 * profile). Each value is short, so a reply that uses it says something of its own about this user rather than
 * saying the user's sentence back (the offline user sinks a frame around a quote or a run of ≥ 6 zh characters /
 * 4 en words the user said). Shared by the pretraining corpus (tools/embedded-model) and the phrasebook rule.
 */
export interface GroundedSlots {
  /** The other person as the user named them, or '' when the user named nobody. */
  name: string;
  /** The concrete thing or event of the story, as a short noun phrase ("外放声音", "the proposal"); '' when the user has not said it. */
  thing: string;
  /** A short fragment of the user's last message (zh 2–4 characters, en a noun phrase of 2–3 words); '' when it has none. */
  bit: string;
  /** How the user likely feels, an adjective ("委屈", "hurt"). */
  feeling: string;
}

/** zh characters that end a fragment: pronouns, particles, common function verbs and adverbs. */
const ZH_BREAK =
  /[我你他她它们的了着过是在和就都也还又把被让给对跟很太真说吗呢吧啊呀嘛这那有没不个一要会想已得地从为因所但而却才再只更可]/u;
/** zh fragment lengths: 4 at most, so a fragment and a character around it stay under the 6 of a said-back run. */
const ZH_FRAGMENT = { min: 2, max: 4 } as const;
/** en noun phrases: a determiner and one or two words. */
const EN_NOUN_PHRASE = /\b(the|my|a|an|his|her|our|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\b/giu;
const EN_STOP =
  /^(?:and|but|so|or|to|of|in|on|at|for|with|from|was|were|is|are|be|been|it|that|this|me|him|her|them|us|you|i|he|she|they|we|did|do|not|no|just|all|again|very|too|up|out|off|when|while|because|if|then|as|after|before|until|since|there|here|now|today|yesterday|still|ever|never|anymore|what|who|how|why|where|only|one)$/iu;

/** Content fragments of a zh message: stretches between punctuation, function characters and the `avoid` words (names), 2–4 characters long. */
export function zhFragments(message: string, avoid: readonly string[] = []): string[] {
  const fragments: string[] = [];
  const cut = avoid.reduce((text, word) => (word === '' ? text : text.split(word).join('，')), message);
  for (const clause of cut.split(/[^\p{Script=Han}]+/u)) {
    for (const piece of clause.split(new RegExp(ZH_BREAK.source, 'gu'))) {
      const size = [...piece].length;
      if (size < ZH_FRAGMENT.min || size > ZH_FRAGMENT.max) continue;
      if (avoid.some((word) => word !== '' && (piece.includes(word) || word.includes(piece)))) continue;
      fragments.push(piece);
    }
  }
  return fragments;
}

/** Noun phrases of an en message ("a table", "the methods section"), retold to the user ("my" → "your"). */
export function enNounPhrases(message: string, avoid: readonly string[] = []): string[] {
  const phrases: string[] = [];
  for (const match of message.matchAll(EN_NOUN_PHRASE)) {
    const determiner = (match[1] as string).toLowerCase();
    let words = (match[2] as string).split(/\s+/u);
    while (words.length > 0 && EN_STOP.test(words.at(-1) as string)) words = words.slice(0, -1);
    if (words.length === 0 || EN_STOP.test(words[0] as string)) continue;
    if (avoid.some((word) => word !== '' && words.some((entry) => entry.toLowerCase() === word.toLowerCase())))
      continue;
    const retold = determiner === 'my' || determiner === 'our' ? 'your' : determiner;
    // Three units at most with the determiner ("the client follow-up" is four: a run the user said, not a mention).
    if (words.some((word) => word.length < 3) || `${retold} ${words.join(' ')}`.split(/[\s-]+/u).length > 3) continue;
    phrases.push(`${retold} ${words.join(' ')}`);
  }
  return phrases;
}

/**
 * `thing` cut to what a reply may say verbatim without saying the user's words back (the offline user takes a run of
 * 6 zh characters / 4 en words the user said out of the reply as theirs): zh keeps what follows the last 的 when the
 * phrase is longer than 4 characters ("半夜的外放声音" → "外放声音"), or its last 3 ("班级排名表" → "排名表"), en keeps the determiner and the last word when it
 * has more than 3 ("the final-round interview" → "the interview"). Undefined when nothing of it is left.
 */
export function shortThing(thing: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    if ([...thing].length <= ZH_FRAGMENT.max) return thing;
    const tail = [...thing.slice(thing.lastIndexOf('的') + 1)];
    if (tail.length >= ZH_FRAGMENT.min && tail.length <= ZH_FRAGMENT.max) return tail.join('');
    return tail.length > ZH_FRAGMENT.max ? tail.slice(-3).join('') : undefined;
  }
  const words = thing.split(/[\s-]+/u);
  if (words.length <= 3) return thing;
  const determiner = /^(?:the|my|your|a|an|his|her|their|our)$/iu.test(words[0] as string) ? `${words[0]} ` : '';
  const last = thing.split(/\s+/u).at(-1) as string;
  return last.includes('-') ? undefined : `${determiner}${last}`;
}

/** Content pieces of a user message: zh fragments of 2–4 characters, en noun phrases. */
export function contentPieces(message: string, lang: Language, avoid: readonly string[] = []): string[] {
  return lang === 'zh' ? zhFragments(message, avoid) : enNounPhrases(message, avoid);
}

/** A short fragment of `message` worth weaving into a reply, or undefined when it has none. */
export function pickFragment(message: string, lang: Language, rng: Rng, avoid: readonly string[]): string | undefined {
  const fragments = contentPieces(message, lang, avoid);
  return fragments.length > 0 ? rng.pick(fragments) : undefined;
}

/** How the user feels, when nothing they said names it (the corpus fills `feeling` from its own story). */
export const DEFAULT_FEELING: Readonly<Record<Language, string>> = { zh: '难受', en: 'hurt' };

/** Capitalised en words that are not names. */
const EN_NOT_NAMES = new Set([
  'I',
  'I’m',
  "I'm",
  "I've",
  "I'd",
  "I'll",
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Mom',
  'Dad',
  'God',
  'English',
  'Christmas',
]);

/**
 * The other person's name, taken only from the user's messages: one of `knownNames` (the corpus's names) the user
 * wrote, or (en) a capitalised word that does not start a sentence. '' when the user named nobody.
 */
export function namedPerson(userMessages: readonly string[], lang: Language, knownNames: readonly string[]): string {
  const text = userMessages.join('\n');
  const known = knownNames.find((name) => text.includes(name));
  if (known) return known;
  if (lang === 'zh') return '';
  for (const sentence of text.split(/[.!?\n]+/u)) {
    const words = sentence
      .trim()
      .split(/[\s,;:]+/u)
      .slice(1);
    const name = words.find((word) => /^[A-Z][a-z]{2,}$/u.test(word) && !EN_NOT_NAMES.has(word));
    if (name) return name;
  }
  return '';
}

/**
 * The slot fillings a reply may use at this turn, from the user's messages only (never the hidden profile): the name
 * they said, the story's thing (the first content piece of their opening, cut by `shortThing`) and up to `maxBits`
 * different fragments of their last message.
 */
export function groundedSlotOptions(
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  lang: Language,
  knownNames: readonly string[],
  maxBits = 2,
): GroundedSlots[] {
  const said = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const name = namedPerson(said, lang, knownNames);
  const opening = said[0] ?? '';
  const last = said.at(-1) ?? '';
  const avoid = name === '' ? [] : [name];
  const firstPiece = contentPieces(opening, lang, avoid)[0];
  const thing = firstPiece === undefined ? '' : (shortThing(firstPiece, lang) ?? '');
  const bits = [...new Set(contentPieces(last, lang, thing === '' ? avoid : [...avoid, thing]))].slice(0, maxBits);
  const feeling = DEFAULT_FEELING[lang];
  if (bits.length === 0) return thing === '' ? [] : [{ name, thing, bit: '', feeling }];
  return bits.map((bit) => ({ name, thing, bit, feeling }));
}
