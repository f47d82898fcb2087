/**
 * What a grounded reply is built from: only what the user has said. The slot filling lives in `@rlver/model`
 * (phrasebook-slots.ts), shared with the phrasebook decoding rule, so the corpus and the rule fill slots alike.
 */
import type { GroundedSlots } from '@rlver/model';

export {
  enNounPhrases,
  type GroundedSlots,
  pickFragment,
  shortThing,
  zhFragments,
} from '@rlver/model';

/** A grounded reply template: a function of the grounded slots. */
export type GroundedTemplate = (slots: GroundedSlots) => string;
