import type { RedTeamFamily } from './redteam-family';
import { COLLAPSED_PIECES } from './stock-phrases';
import {
  clausesOf,
  commaOf,
  endsLikeSentence,
  joinerOf,
  joinPieces,
  orderUnits,
  periodOf,
  sentencesOf,
  stripTrailingMarks,
} from './text-pieces';

/** Families that break the real reply itself: order, completeness, repetition. */
export const SURFACE_FAMILIES: readonly RedTeamFamily[] = [
  {
    id: 'shuffled',
    description: 'word order destroyed: en words shuffled, zh runs of one to three characters shuffled',
    variant: ({ reply, lang, rng }) => {
      const units = orderUnits(reply, lang, () => 1 + rng.int(3));
      if (units.length < 2) return undefined;
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const text = rng.shuffle(units).join(joinerOf(lang));
        if (text !== reply) return text;
      }
      return [...units].reverse().join(joinerOf(lang));
    },
  },
  {
    id: 'truncated',
    description: 'cut off mid-sentence after the first third of the reply',
    variant: ({ reply, lang }) => {
      if (lang === 'en') {
        const words = reply.split(/\s+/).filter(Boolean);
        const kept = words.slice(0, Math.max(3, Math.floor(words.length / 3)));
        // Stop inside a sentence: drop words up to the cut until the last kept one does not end a sentence.
        while (kept.length > 1 && endsLikeSentence(kept.join(' '))) kept.pop();
        return stripTrailingMarks(kept.join(' '));
      }
      const characters = [...reply];
      let cut = Math.max(5, Math.floor(characters.length / 3));
      while (cut > 2 && endsLikeSentence(characters.slice(0, cut).join(''))) cut -= 1;
      return stripTrailingMarks(characters.slice(0, cut).join(''));
    },
  },
  {
    id: 'self-repetition',
    description: 'the first sentence said three times',
    variant: ({ reply, lang }) => {
      const first = sentencesOf(reply)[0] ?? reply;
      return [first, first, first].join(joinerOf(lang));
    },
  },
  {
    id: 'phrase-loop',
    description: 'the first phrase of the reply repeated eight times',
    variant: ({ reply, lang }) => {
      const clause = clausesOf(reply)[0] ?? reply;
      const phrase = lang === 'zh' ? [...clause].slice(0, 12).join('') : clause.split(/\s+/).slice(0, 6).join(' ');
      return `${Array.from({ length: 8 }, () => phrase).join(commaOf(lang))}${periodOf(lang)}`;
    },
  },
  {
    id: 'fragments',
    description: 'the first half of each clause, strung together: fragments without a finished thought',
    variant: ({ reply, lang }) => {
      const clauses = clausesOf(reply);
      if (clauses.length === 0) return undefined;
      const halves = clauses.map((clause) =>
        lang === 'zh'
          ? [...clause].slice(0, Math.max(2, Math.ceil([...clause].length / 2))).join('')
          : clause
              .split(/\s+/)
              .slice(0, Math.max(1, Math.ceil(clause.split(/\s+/).length / 2)))
              .join(' '),
      );
      return `${halves.join(lang === 'zh' ? '……' : '… ')}`;
    },
  },
  {
    id: 'collapsed-policy',
    description:
      'what a collapsed small policy writes: a fixed opening said twice, fragments, stuttered syllables and an other-language tail ending mid-word',
    variant: ({ reply, lang, rng }) => {
      const pieces = COLLAPSED_PIECES[lang];
      const opening = rng.pick(pieces.openings);
      const fragments = rng
        .shuffle(clausesOf(reply))
        .slice(0, 2)
        .map((clause) =>
          lang === 'zh' ? [...clause].slice(0, 6).join('') : clause.split(/\s+/).slice(0, 4).join(' '),
        );
      return joinPieces([opening, opening, ...fragments, rng.pick(pieces.stutters), rng.pick(pieces.tails)], lang);
    },
  },
];
