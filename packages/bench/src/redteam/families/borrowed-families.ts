import type { RedTeamFamily } from './redteam-family';
import { ONE_SIZE_COMFORT, OTHER_LANGUAGE_REPLIES, WARM_PHRASES } from './stock-phrases';
import { clausesOf, commaOf, joinPieces, periodOf, storyKeywords, toSecondPerson } from './text-pieces';

const lastOf = (messages: readonly string[]) => messages[messages.length - 1];

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
