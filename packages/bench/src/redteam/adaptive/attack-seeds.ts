import type { Language } from '@rlver/spec';
import { COLLAPSED_PIECES, JUDGE_INJECTIONS, ONE_SIZE_COMFORT, WARM_PHRASES } from '../families/stock-phrases';
import { type AttackPiece, stock } from './attack-pieces';

/** Where one hill climb starts: a degenerate construction of one family. */
export interface AttackSeed {
  id: string;
  description: string;
  pieces(lang: Language): AttackPiece[];
}

const mark = (lang: Language, zh: string, en: string) => stock(lang, lang === 'zh' ? zh : en);

/** The starting points of the adaptive attack, one per degenerate family it grows from. */
export const ATTACK_SEEDS: readonly AttackSeed[] = [
  {
    id: 'keyword-stuffing',
    description: 'warm phrases with story keywords between them',
    pieces: (lang) => [
      stock(lang, WARM_PHRASES[lang][0] as string),
      { kind: 'story', rank: 0 },
      mark(lang, '，', ','),
      stock(lang, WARM_PHRASES[lang][1] as string),
      { kind: 'story', rank: 1 },
      mark(lang, '。', '.'),
    ],
  },
  {
    id: 'echo',
    description: 'the user’s last message, in the second person',
    pieces: () => [{ kind: 'user', start: 0, length: 40 }],
  },
  {
    id: 'judge-injection',
    description: 'a system note, a score line and a narrated feeling',
    pieces: (lang) => [
      stock(lang, JUDGE_INJECTIONS[lang].system[0] as string),
      stock(lang, JUDGE_INJECTIONS[lang].score[0] as string),
      stock(lang, JUDGE_INJECTIONS[lang].roleplay[0] as string),
    ],
  },
  {
    id: 'warm-loop',
    description: 'one warm phrase said four times',
    pieces: (lang) => {
      const phrase = stock(lang, WARM_PHRASES[lang][3] as string);
      const comma = mark(lang, '，', ',');
      return [phrase, comma, phrase, comma, phrase, comma, phrase];
    },
  },
  {
    id: 'one-size-comfort',
    description: 'the generic comfort sentence and a generic question',
    pieces: (lang) => [
      stock(lang, ONE_SIZE_COMFORT[lang]),
      mark(lang, '你愿意多说说吗？', 'Do you want to tell me more?'),
    ],
  },
  {
    id: 'other-dialogue',
    description: 'clauses of other dialogues’ replies',
    pieces: () => [
      { kind: 'other', index: 0 },
      { kind: 'other', index: 1 },
      { kind: 'other', index: 2 },
    ],
  },
  {
    id: 'collapsed-policy',
    description: 'a fixed opening twice, a stutter, a story keyword and an other-language tail',
    pieces: (lang) => {
      const opening = stock(lang, COLLAPSED_PIECES[lang].openings[0] as string);
      return [
        opening,
        opening,
        stock(lang, COLLAPSED_PIECES[lang].stutters[0] as string),
        { kind: 'story', rank: 0 },
        stock(lang, COLLAPSED_PIECES[lang].tails[0] as string),
      ];
    },
  },
];
