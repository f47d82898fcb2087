import type { Language } from '@rlver/spec';
import { loadScenarioSet } from '../profiles/scenario-set';
import { boundedMemo } from './bounded-memo';
import { contentUnits } from './tone-signals';

/** How much a reply is about THIS dialogue, measured against many other dialogues. */
export interface DialogueRelevance {
  /**
   * idf²-weighted content units (zh bigrams, en word stems) the reply shares with this dialogue's story and the
   * user's messages, over the dialogue's idf norm: near 0 for text that names nothing of this user's.
   */
  own: number;
  /**
   * `own` over the mean of the five best matches of the same reply among the background dialogues (the shipped
   * scenario sets): about 1 or more for a reply about this user, near 0 for one that fits other dialogues as well
   * or better (stock comfort, a reply meant for someone else).
   */
  margin: number;
}

interface BackgroundIndex {
  idf: (unit: string) => number;
  /** Unit → indices of the background dialogues that contain it. */
  postings: Map<string, number[]>;
  /** idf norm of each background dialogue. */
  norms: Float64Array;
}

const indexes = new Map<Language, BackgroundIndex>();

/**
 * The background of one language: the shipped scenario sets (train and test: persona, story and opener of 600
 * procedurally generated users), built once on first use (tens of milliseconds) and kept.
 */
function backgroundIndex(lang: Language): BackgroundIndex {
  const cached = indexes.get(lang);
  if (cached) return cached;
  const docs = [...loadScenarioSet(lang, 'train'), ...loadScenarioSet(lang, 'test')].map((profile) =>
    contentUnits(`${profile.player}\n${profile.scene}\n${profile.first_talk ?? ''}`, lang),
  );
  const postings = new Map<string, number[]>();
  docs.forEach((doc, position) => {
    for (const unit of doc) {
      const list = postings.get(unit);
      if (list) list.push(position);
      else postings.set(unit, [position]);
    }
  });
  const size = docs.length;
  const idf = (unit: string) => Math.log((size + 1) / ((postings.get(unit)?.length ?? 0) + 1));
  const norms = Float64Array.from(docs, (doc) => Math.sqrt([...doc].reduce((sum, unit) => sum + idf(unit) ** 2, 0)));
  const built = { idf, postings, norms };
  indexes.set(lang, built);
  return built;
}

/**
 * In how many of the background dialogues (the shipped scenario sets) a content unit occurs, and how many there are:
 * the words that name situations (relations, places, events) occur in a few of them, stock words in none or many.
 */
export function backgroundFrequency(lang: Language): { frequency: (unit: string) => number; size: number } {
  const { postings, norms } = backgroundIndex(lang);
  return { frequency: (unit) => postings.get(unit)?.length ?? 0, size: norms.length };
}

/** Background dialogues whose best matches make the denominator of `margin`. */
const TOP_MATCHES = 5;

/** Content units of the pieces of a dialogue seen lately (the story stays, messages come back every turn). */
const pieceUnits = boundedMemo<{ units: Set<string>; squares: number }>(4096);

/** A piece's content units and the sum of their idf² (cached). */
function unitsOfPiece(piece: string, lang: Language, idf: (unit: string) => number) {
  return pieceUnits(`${lang}\u0000${piece}`, () => {
    const units = contentUnits(piece, lang);
    let squares = 0;
    for (const unit of units) squares += idf(unit) ** 2;
    return { units, squares };
  });
}

/** Mean of the `count` largest values. */
function meanOfTop(values: Float64Array, count: number): number {
  const top: number[] = [];
  for (const value of values) {
    if (top.length < count) top.push(value);
    else {
      let lowest = 0;
      for (let index = 1; index < top.length; index += 1)
        if ((top[index] as number) < (top[lowest] as number)) lowest = index;
      if (value > (top[lowest] as number)) top[lowest] = value;
    }
  }
  return top.length === 0 ? 0 : top.reduce((sum, value) => sum + value, 0) / top.length;
}

/**
 * Relevance of a reply to this dialogue (`dialogue`: its pieces, the user's story and each of the user's messages,
 * not the assistant's own earlier replies), absolute and relative to the best-matching background dialogues. Words
 * that every dialogue uses (comfort, feelings) weigh little; words of this user's situation weigh much.
 */
export function dialogueRelevance(reply: string, dialogue: readonly string[], lang: Language): DialogueRelevance {
  const { idf, postings, norms } = backgroundIndex(lang);
  const entries = dialogue.map((piece) => unitsOfPiece(piece, lang, idf));
  const pieces = entries.map((entry) => entry.units);
  const has = (unit: string) => pieces.some((units) => units.has(unit));
  // The first piece (the story, the largest) counts whole; later ones only with units no earlier piece had.
  let dialogueSquares = entries[0]?.squares ?? 0;
  for (let index = 1; index < pieces.length; index += 1) {
    for (const unit of pieces[index] as Set<string>) {
      if (!pieces.slice(0, index).some((earlier) => earlier.has(unit))) dialogueSquares += idf(unit) ** 2;
    }
  }
  const dialogueNorm = Math.sqrt(dialogueSquares);
  const matches = new Float64Array(norms.length);
  let shared = 0;
  for (const unit of contentUnits(reply, lang)) {
    const weight = idf(unit) ** 2;
    if (has(unit)) shared += weight;
    for (const position of postings.get(unit) ?? []) matches[position] = (matches[position] as number) + weight;
  }
  for (let position = 0; position < matches.length; position += 1) {
    matches[position] = (matches[position] as number) / Math.max(1e-9, norms[position] as number);
  }
  const own = dialogueNorm > 0 ? shared / dialogueNorm : 0;
  const top = meanOfTop(matches, TOP_MATCHES);
  return { own, margin: top > 0 ? own / top : own > 0 ? Number.POSITIVE_INFINITY : 0 };
}
