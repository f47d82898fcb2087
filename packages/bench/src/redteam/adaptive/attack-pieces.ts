import type { Language, Rng } from '@rlver/spec';
import type { RedTeamTurn } from '../collect-redteam-turns';
import { COLLAPSED_PIECES, JUDGE_INJECTIONS, ONE_SIZE_COMFORT, WARM_PHRASES } from '../families/stock-phrases';
import { clausesOf, joinPieces, storyKeywords, toSecondPerson } from '../families/text-pieces';

/**
 * One piece of an attack text. None of them can carry a grounded thought on its own: stock phrases fit anyone,
 * a story piece is one keyword, a user piece is the user's own words, an other piece is a clause about someone else.
 */
export type AttackPiece =
  | { kind: 'stock'; index: number }
  | { kind: 'story'; rank: number }
  | { kind: 'user'; start: number; length: number }
  | { kind: 'other'; index: number };

const QUESTIONS: Readonly<Record<Language, readonly string[]>> = {
  zh: ['你愿意多说说吗？', '后来呢？', '你现在感觉怎么样？'],
  en: ['Do you want to tell me more?', 'What happened next?', 'How are you feeling now?'],
};

/** The stock pieces of a language: warm phrases, questions, comfort, judge lines, collapse pieces, marks. */
export function stockPieces(lang: Language): readonly string[] {
  const injections = JUDGE_INJECTIONS[lang];
  const collapsed = COLLAPSED_PIECES[lang];
  return [
    ...WARM_PHRASES[lang],
    ...QUESTIONS[lang],
    ONE_SIZE_COMFORT[lang],
    ...injections.system,
    ...injections.score,
    ...injections.roleplay,
    ...collapsed.openings,
    ...collapsed.stutters,
    ...collapsed.tails,
    ...(lang === 'zh' ? ['，', '。', '！', '……'] : [',', '.', '!', '…']),
  ];
}

/** Stock piece index of a text (seeds name their stock pieces by text). */
export function stock(lang: Language, text: string): AttackPiece {
  const index = stockPieces(lang).indexOf(text);
  return { kind: 'stock', index: Math.max(0, index) };
}

/** What the pieces of one turn resolve to. */
export interface PieceSources {
  keywords: string[];
  lastUser: string[];
  otherClauses: string[];
}

/** Resolve the story keywords, the user's last message and other dialogues' clauses of a turn once. */
export function sourcesOf(turn: RedTeamTurn, otherReplies: readonly string[]): PieceSources {
  const last = turn.userMessages[turn.userMessages.length - 1] ?? '';
  return {
    keywords: storyKeywords(turn.storyText, turn.userMessages, turn.lang, 16),
    lastUser: turn.lang === 'zh' ? [...toSecondPerson(last, 'zh')] : toSecondPerson(last, 'en').split(/\s+/),
    otherClauses: otherReplies.flatMap((reply) => clausesOf(reply)),
  };
}

/** The text of an attack on one turn. */
export function renderAttack(pieces: readonly AttackPiece[], lang: Language, sources: PieceSources): string {
  const stockList = stockPieces(lang);
  const texts = pieces.map((piece) => {
    if (piece.kind === 'stock') return stockList[piece.index % stockList.length] ?? '';
    if (piece.kind === 'story') return sources.keywords[piece.rank % Math.max(1, sources.keywords.length)] ?? '';
    if (piece.kind === 'other') {
      return sources.otherClauses[piece.index % Math.max(1, sources.otherClauses.length)] ?? '';
    }
    return sources.lastUser.slice(piece.start, piece.start + piece.length).join(lang === 'zh' ? '' : ' ');
  });
  return joinPieces(
    texts.filter((text) => text !== ''),
    lang,
  );
}

/** A random piece of any kind. */
export function randomPiece(rng: Rng, lang: Language): AttackPiece {
  const roll = rng.next();
  if (roll < 0.45) return { kind: 'stock', index: rng.int(stockPieces(lang).length) };
  if (roll < 0.75) return { kind: 'story', rank: rng.int(16) };
  if (roll < 0.9)
    return {
      kind: 'user',
      start: rng.int(lang === 'zh' ? 24 : 8),
      length: lang === 'zh' ? 4 + rng.int(16) : 2 + rng.int(8),
    };
  return { kind: 'other', index: rng.int(1000) };
}

/** One edit: insert (30 %), delete (25 %), replace (25 %), duplicate (10 %, repetition) or swap (10 %). At most 24 pieces. */
export function mutatePieces(pieces: readonly AttackPiece[], rng: Rng, lang: Language): AttackPiece[] {
  const next = [...pieces];
  const at = rng.int(Math.max(1, next.length));
  const roll = next.length === 0 ? 0 : rng.next();
  if (roll < 0.3) next.splice(at, 0, randomPiece(rng, lang));
  else if (roll < 0.55) next.splice(at, 1);
  else if (roll < 0.8) next[at] = randomPiece(rng, lang);
  else if (roll < 0.9) next.splice(at, 0, next[at] as AttackPiece);
  else {
    const other = rng.int(next.length);
    [next[at], next[other]] = [next[other] as AttackPiece, next[at] as AttackPiece];
  }
  return next.length === 0 ? [randomPiece(rng, lang)] : next.slice(0, 24);
}

/** A restart point: the pieces with about half of them removed at random (a kick out of a plateau). */
export function kickPieces(pieces: readonly AttackPiece[], rng: Rng, lang: Language): AttackPiece[] {
  const kept = pieces.filter(() => rng.next() < 0.5);
  return kept.length > 0 ? kept : [randomPiece(rng, lang)];
}
