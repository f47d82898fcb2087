import type { Language } from '@rlver/spec';

const SENTENCE_END = /[。！？!?.…~～]$/u;
const CJK = /[\u3400-\u9fff]/u;

/** Sentences of a text, end marks kept. */
export function sentencesOf(text: string): string[] {
  const found = text.match(/[^。！？!?.\n]+(?:[。！？!?.]+|$)/gu) ?? [];
  const sentences = found.map((sentence) => sentence.trim()).filter(Boolean);
  return sentences.length > 0 ? sentences : [text.trim()];
}

/** Clauses of a text (split at commas and sentence ends), marks dropped. */
export function clausesOf(text: string): string[] {
  return text
    .split(/[，,。！？!?.；;：:、\n…]+/u)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** Whether a text ends like a finished sentence (closing quotes and brackets ignored). */
export function endsLikeSentence(text: string): boolean {
  return SENTENCE_END.test(text.trim().replace(/[”"’'）)」』\]]+$/u, ''));
}

/** Remove trailing punctuation and spaces, so a cut text does not end like a sentence. */
export function stripTrailingMarks(text: string): string {
  return text.replace(/[\s。！？!?.…~～，,；;：:、”"’'）)」』\]—-]+$/u, '');
}

export const joinerOf = (lang: Language) => (lang === 'zh' ? '' : ' ');
export const commaOf = (lang: Language) => (lang === 'zh' ? '，' : ', ');
export const periodOf = (lang: Language) => (lang === 'zh' ? '。' : '.');
export const hasCjk = (text: string) => CJK.test(text);

/** Join pieces in a language: zh without spaces, en with single spaces and no space before punctuation. */
export function joinPieces(pieces: readonly string[], lang: Language): string {
  if (lang === 'zh') return pieces.join('');
  return pieces
    .join(' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const ZH_FUNCTION = new Set([
  ...'的了是我你他她它们在和与也就都还又很这那有没不吗呢吧啊呀着过把被给让对说会要能去来到个一上下里',
]);
const EN_STOPWORDS = new Set(
  `about after again against also always another anything because been before being between both cannot could
  didn does doing down during each even every from further have having here into just like made make more most much
  must never nothing once only other over same should know really maybe feel feels felt think okay yeah right sure went come came gets getting keep kept going told tell said says just even since some still such than that their them then there these
  they thing things this those though through until very want wanted were what when where which while will with
  without would your yours name female male occupation hobbies habits behaviour speaking style manner background
  story event confide cause unfolded stage months weeks days ago last first second third fourth main conflict people
  involved underlying difficulties tried success current problem state reactions emotion high medium low replies
  raise lower listener hidden theme years the and but for was had has not you she her him his who how why now can
  did got one two all any our out off yes`.split(/\s+/),
);

/** Candidate keywords of one text: en words of 4+ letters or capitalised (names) that are not stop words, zh runs without function characters. */
function keywordCandidates(text: string, lang: Language): string[] {
  if (lang === 'en') {
    return (text.match(/[A-Za-z][A-Za-z-]{2,}/g) ?? []).filter(
      (word) => (word.length >= 4 || /^[A-Z]/.test(word)) && !EN_STOPWORDS.has(word.toLowerCase()),
    );
  }
  return (text.match(/[\u4e00-\u9fff]{2,}/gu) ?? []).flatMap((run) => {
    const characters = [...run];
    const pieces: string[] = [];
    for (const size of [2, 3]) {
      for (let start = 0; start + size <= characters.length; start += 1) {
        const piece = characters.slice(start, start + size);
        if (!piece.some((character) => ZH_FUNCTION.has(character))) pieces.push(piece.join(''));
      }
    }
    return pieces;
  });
}

/**
 * Content keywords of a story and of the user's messages, best first: a word scores 3 per use in the messages and 1
 * per use in the story, so the details the user talked about (names, events) lead; zh pieces must score at least 2.
 */
export function storyKeywords(
  storyText: string,
  userMessages: readonly string[],
  lang: Language,
  limit = 24,
): string[] {
  const scores = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const piece of keywordCandidates(text, lang)) scores.set(piece, (scores.get(piece) ?? 0) + weight);
  };
  add(storyText, 1);
  for (const message of userMessages) add(message, 3);
  const minimum = lang === 'zh' ? 2 : 1;
  return [...scores.entries()]
    .filter(([, score]) => score >= minimum)
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .map(([piece]) => piece)
    .slice(0, limit);
}

/** Units of word order: en words; zh runs of one to three characters (seeded lengths), punctuation its own unit. */
export function orderUnits(text: string, lang: Language, lengthOf: () => number): string[] {
  if (lang === 'en') return text.split(/\s+/).filter(Boolean);
  const characters = [...text.replace(/\s+/g, '')];
  const units: string[] = [];
  for (let index = 0; index < characters.length; ) {
    const size = Math.max(1, Math.min(3, lengthOf()));
    units.push(characters.slice(index, index + size).join(''));
    index += size;
  }
  return units;
}

/** First person to second person, for echoing the user's words back at them. */
export function toSecondPerson(text: string, lang: Language): string {
  if (lang === 'zh') return text.replace(/我们/g, '你们').replace(/我/g, '你');
  return text
    .replace(/\bI'm\b|\bI’m\b/g, 'you’re')
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/g, 'your')
    .replace(/\bMy\b/g, 'Your')
    .replace(/\bme\b/g, 'you')
    .replace(/\bmyself\b/g, 'yourself');
}
