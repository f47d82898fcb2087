import {
  type GroundedSlots,
  namedPerson as namedPersonOf,
  phrasebookCandidates,
  groundedSlotOptions as slotOptionsFor,
} from '@rlver/model';
import type { ChatMessage, Language } from '@rlver/spec';
import { PERSON_NAMES } from '../corpus/person-names';
import { corpusPhrasebook } from '../corpus/phrasebook-templates';
import type { CorpusStrategy } from '../corpus/strategy-templates-en';

/** One grounded template reply a template policy could give at this turn. */
export interface GroundedCandidate {
  strategy: CorpusStrategy;
  /** Index of the template within its strategy's list. */
  template: number;
  reply: string;
}

/**
 * The other person's name, taken only from the user's messages (`@rlver/model` namedPerson with the corpus's names).
 */
export function namedPerson(userMessages: readonly string[], lang: Language): string {
  return namedPersonOf(userMessages, lang, PERSON_NAMES[lang]);
}

/** The slot fillings a template policy may use at this turn, from the user's messages only (`@rlver/model`). */
export function groundedSlotOptions(messages: readonly ChatMessage[], lang: Language, maxBits = 2): GroundedSlots[] {
  return slotOptionsFor(messages, lang, PERSON_NAMES[lang], maxBits);
}

const PHRASEBOOK = corpusPhrasebook();

/**
 * Every grounded template reply (all strategies) the corpus's templates give for this dialogue so far, built from
 * the user's messages only; duplicates removed. Empty when the user said nothing a template can use. The same
 * candidates as the phrasebook rule's grounded ones (`@rlver/model` phrasebookCandidates), said replies kept.
 */
export function groundedCandidates(messages: readonly ChatMessage[], lang: Language, maxBits = 2): GroundedCandidate[] {
  return phrasebookCandidates(PHRASEBOOK, messages, lang, { maxBits, kinds: ['grounded'], excludeSaid: false }).map(
    (candidate) => ({
      strategy: candidate.strategy as CorpusStrategy,
      template: candidate.template,
      reply: candidate.reply,
    }),
  );
}
