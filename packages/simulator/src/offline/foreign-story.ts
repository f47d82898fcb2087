import type { Language } from '@rlver/spec';
import { boundedMemo } from './bounded-memo';
import { backgroundFrequency } from './dialogue-relevance';
import { contentUnits } from './tone-signals';

/** A reply's fit to THIS story and to the user's last message (see `foreignStory`). */
export interface ForeignStory {
  /** Content units of the user's last message the reply takes up ("I"/"you" folded). */
  pickedUp: number;
  /**
   * Words of another life in the reply: content units that name situations in the shipped scenario pool (they occur
   * in at least one and at most 1/20 of its dialogues: relations, places, events, objects) and occur nowhere in this
   * dialogue (story, persona, the user's messages, the assistant's earlier replies).
   */
  foreign: string[];
}

/** Share of the background dialogues above which a unit is too common to name a situation. */
const SPECIFIC_SHARE = 1 / 20;

/**
 * zh: 我 and 您 read as 你, so the user's "我" and a reply's "你" are one unit; en text is left as it is.
 * Narrower than `borrowedWords`' `foldPerson`, which also folds en pronouns.
 */
export const foldPersonForUnits = (text: string, lang: Language) =>
  lang === 'zh' ? text.replace(/[我您]/g, '你') : text;

/** Content units of the dialogues judged lately (a dialogue is judged once per candidate reply in the same state). */
const dialogueUnits = boundedMemo<Set<string>>(256);

function unitsOfDialogue(text: string, lang: Language): Set<string> {
  return dialogueUnits(`${lang}\u0000${text}`, () => contentUnits(foldPersonForUnits(text, lang), lang));
}

/**
 * How much a reply is about another person's story: what it takes up of the user's last message, and the words of
 * situations it brings that this dialogue never had. A fluent reply written for another dialogue takes up little of
 * this user's last message and brings that dialogue's people, places and events; a reply to this user takes up
 * their words and brings few of another life (strong models' SAGE replies: median 6 foreign units, median 2 picked
 * up; other dialogues' replies in the same states: median 1 picked up).
 */
export function foreignStory(
  reply: string,
  lang: Language,
  lastUserMessage: string,
  dialogueTexts: readonly string[],
): ForeignStory {
  const units = contentUnits(foldPersonForUnits(reply, lang), lang);
  const last = contentUnits(foldPersonForUnits(lastUserMessage, lang), lang);
  let pickedUp = 0;
  for (const unit of last) if (units.has(unit)) pickedUp += 1;
  const { frequency, size } = backgroundFrequency(lang);
  const candidates = [...units].filter((unit) => {
    const count = frequency(unit);
    return count > 0 && count <= size * SPECIFIC_SHARE;
  });
  if (candidates.length === 0) return { pickedUp, foreign: [] };
  // A zh unit is a character bigram: it is in the dialogue exactly when the (folded) text contains it.
  const text = dialogueTexts.join('\n');
  let inDialogue: (unit: string) => boolean;
  if (lang === 'zh') {
    const folded = foldPersonForUnits(text, lang);
    inDialogue = (unit) => folded.includes(unit);
  } else {
    const known = unitsOfDialogue(text, lang);
    inDialogue = (unit) => known.has(unit);
  }
  const foreign = candidates.filter((unit) => !inDialogue(unit));
  return { pickedUp, foreign };
}
