import type { Language, Rng } from '@rlver/spec';

/**
 * What a grounded reply is built from: only what the user has said (the policy sees the dialogue, never the hidden
 * profile). Each value is short, so a reply that uses it says something of its own about this user rather than
 * saying the user's sentence back (the offline user sinks a frame around a quote or a run of ≥ 6 zh characters /
 * 4 en words the user said).
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

/** A grounded reply template: a function of the grounded slots. */
export type GroundedTemplate = (slots: GroundedSlots) => string;

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

/** A short fragment of `message` worth weaving into a reply, or undefined when it has none. */
export function pickFragment(message: string, lang: Language, rng: Rng, avoid: readonly string[]): string | undefined {
  const fragments = lang === 'zh' ? zhFragments(message, avoid) : enNounPhrases(message, avoid);
  return fragments.length > 0 ? rng.pick(fragments) : undefined;
}
