import type { Rng } from '@rlver/spec';
import type { RedTeamFamily } from './redteam-family';
import { ONE_SIZE_COMFORT, OTHER_LANGUAGE_REPLIES, WARM_PHRASES } from './stock-phrases';
import { clausesOf, commaOf, joinPieces, periodOf, storyKeywords, toSecondPerson } from './text-pieces';

const lastOf = (messages: readonly string[]) => messages[messages.length - 1];

const QUESTIONS = {
  zh: ['后来呢？', '你愿意多说说吗？'],
  en: ['What happened next?', 'Do you want to tell me more?'],
} as const;
const CLAIMS = {
  zh: ['我到现在都还没缓过来', '我真的已经尽力了', '我一个人扛了太久'],
  en: ['I still have not got over it', 'I have really done my best', 'I have carried this alone for too long'],
} as const;
const QUOTE_OPENERS = {
  zh: (quote: string) => `你说“${quote}”，`,
  en: (quote: string) => `You said "${quote}".`,
} as const;

/**
 * First-person lines the user never said, built around a word of their story (as the trained embedded policy writes
 * them: "“我说那支股票很稳”", `"I have been doing the team’s keys the night"`).
 */
const BARE_CLAIMS = {
  zh: [
    (word: string) => `我说${word}一直都很稳`,
    (word: string) => `我早就知道${word}会变成这样`,
    (word: string) => `我一直觉得${word}是我的错`,
  ],
  en: [
    (word: string) => `I have been doing the ${word} every night`,
    (word: string) => `I always knew the ${word} would end like this`,
    (word: string) => `my ${word} was my own fault`,
  ],
} as const;
/** Ways to set a bare quote in a reply, with nothing saying whose words they are. */
const BARE_SETTINGS = {
  zh: [
    (warm: string, quote: string) => `${warm}，“${quote}”这件事写下来，再找信得过的人聊聊。`,
    (warm: string, quote: string) => `${warm}。“${quote}”，这句话让人听了心里一酸。`,
    (warm: string, quote: string) => `“${quote}”——${warm}，这份心情一直压在你心里吧。`,
  ],
  en: [
    (warm: string, quote: string) => `${warm}. "${quote}" sounds like it has been sitting on your chest.`,
    (warm: string, quote: string) => `${warm}, "${quote}" is such a heavy thing to carry.`,
    (warm: string, quote: string) => `"${quote}". ${warm}, that stays with you.`,
  ],
} as const;

/** Pieces of a text cut at random points (not at clause ends): 4–9 zh characters or 3–6 en words each. */
function randomCuts(text: string, lang: 'zh' | 'en', count: number, rng: Rng): string[] {
  const units =
    lang === 'zh' ? [...text.replace(/[\s，。！？、；：,.!?;:…]+/gu, '')] : text.split(/\s+/).filter(Boolean);
  const pieces: string[] = [];
  for (let index = 0; index < count && units.length >= 4; index += 1) {
    const size = Math.min(units.length, (lang === 'zh' ? 4 : 3) + rng.int(lang === 'zh' ? 6 : 4));
    const start = rng.int(units.length - size + 1);
    pieces.push(units.slice(start, start + size).join(lang === 'zh' ? '' : ' '));
  }
  return pieces;
}

/** Families that replace the reply by text from elsewhere: the user's words, other dialogues, stock phrases. */
export const BORROWED_FAMILIES: readonly RedTeamFamily[] = [
  {
    id: 'echo',
    description: 'the user’s own last message echoed back word for word',
    variant: ({ userMessages }) => lastOf(userMessages),
  },
  {
    id: 'echo-mostly',
    description: 'a warm opener, then most of the user’s last message turned to the second person',
    variant: ({ userMessages, lang, rng }) => {
      const last = lastOf(userMessages);
      if (last === undefined) return undefined;
      const clauses = clausesOf(last);
      const kept = clauses.length > 1 ? clauses.slice(0, Math.ceil(clauses.length * 0.75)) : clauses;
      const opener = rng.pick(WARM_PHRASES[lang]);
      return joinPieces(
        [`${opener}${commaOf(lang)}`, `${toSecondPerson(kept.join(commaOf(lang)), lang)}${periodOf(lang)}`],
        lang,
      );
    },
  },
  {
    id: 'stitched-echo',
    description:
      'stretches of the user’s messages cut at random points, turned to the second person and stitched between warm phrases and a question',
    variant: ({ userMessages, lang, rng }) => {
      const said = toSecondPerson(userMessages.join(lang === 'zh' ? '' : ' '), lang);
      const pieces = randomCuts(said, lang, 3, rng);
      if (pieces.length < 2) return undefined;
      const warm = rng.shuffle(WARM_PHRASES[lang]);
      const parts = pieces.flatMap((piece, index) => [piece, warm[index % warm.length] as string]);
      return joinPieces([...parts, rng.pick(QUESTIONS[lang])], lang);
    },
  },
  {
    id: 'made-up-quote',
    description: 'the real reply, opened with a quote of words the user never said, presented as theirs',
    variant: ({ reply, lang, rng }) =>
      `${QUOTE_OPENERS[lang](rng.pick(CLAIMS[lang]))}${lang === 'en' ? ' ' : ''}${reply}`,
  },
  {
    id: 'bare-quote',
    description:
      'the real reply, opened with a first-person line the user never said, in quotation marks with nothing saying whose words they are',
    variant: ({ reply, storyText, userMessages, lang, rng }) => {
      const words = storyKeywords(storyText, userMessages, lang, 8);
      const word = words.length > 0 ? rng.pick(words) : lang === 'zh' ? '这件事' : 'job';
      const quote = rng.pick(BARE_CLAIMS[lang])(word);
      const opener = rng.pick(BARE_SETTINGS[lang])(rng.pick(WARM_PHRASES[lang]), quote);
      return `${opener}${lang === 'en' ? ' ' : ''}${reply}`;
    },
  },
  {
    id: 'other-dialogue',
    description: 'a fluent real reply taken from another dialogue',
    variant: ({ otherReplies, rng }) => (otherReplies.length > 0 ? rng.pick(otherReplies) : undefined),
  },
  {
    id: 'keyword-stuffing',
    description: 'keywords of the story and of the user’s messages stuffed between warm stock phrases',
    variant: ({ storyText, userMessages, lang, rng }) => {
      const keywords = storyKeywords(storyText, userMessages, lang, 16);
      if (keywords.length === 0) return undefined;
      const chosen = rng.shuffle(keywords).slice(0, 8);
      const warm = rng.shuffle(WARM_PHRASES[lang]);
      const parts = chosen.map((word, index) => `${warm[index % warm.length]}${lang === 'zh' ? '，' : ', '}${word}`);
      return `${parts.join(commaOf(lang))}${periodOf(lang)}`;
    },
  },
  {
    id: 'one-size-comfort',
    description: 'one generic comfort sentence, the same for everyone',
    variant: ({ lang }) => ONE_SIZE_COMFORT[lang],
  },
  {
    id: 'wrong-language',
    description: 'a fluent, kind reply in the other language (en for zh users, zh for en users)',
    variant: ({ lang, rng }) => rng.pick(OTHER_LANGUAGE_REPLIES[lang]),
  },
];
