import type { Language } from '@rlver/spec';
import { loadScenarioSet } from '../profiles/scenario-set';
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

/** Background dialogues whose best matches make the denominator of `margin`. */
const TOP_MATCHES = 5;

/**
 * Relevance of a reply to this dialogue (`dialogueText`: the user's story and messages, not the assistant's own
 * earlier replies), absolute and relative to the best-matching background dialogues. Words that every dialogue
 * uses (comfort, feelings) weigh little; words of this user's situation weigh much.
 */
export function dialogueRelevance(reply: string, dialogueText: string, lang: Language): DialogueRelevance {
  const { idf, postings, norms } = backgroundIndex(lang);
  const dialogue = contentUnits(dialogueText, lang);
  const dialogueNorm = Math.sqrt([...dialogue].reduce((sum, unit) => sum + idf(unit) ** 2, 0));
  const matches = new Float64Array(norms.length);
  let shared = 0;
  for (const unit of contentUnits(reply, lang)) {
    const weight = idf(unit) ** 2;
    if (dialogue.has(unit)) shared += weight;
    for (const position of postings.get(unit) ?? []) matches[position] = (matches[position] as number) + weight;
  }
  const own = dialogueNorm > 0 ? shared / dialogueNorm : 0;
  const best = Array.from(matches, (match, position) => match / Math.max(1e-9, norms[position] as number))
    .sort((left, right) => right - left)
    .slice(0, TOP_MATCHES);
  const top = best.reduce((sum, value) => sum + value, 0) / Math.max(1, best.length);
  return { own, margin: top > 0 ? own / top : own > 0 ? Number.POSITIVE_INFINITY : 0 };
}
