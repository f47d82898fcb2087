import type { Language, Rng } from '@rlver/spec';

/** What a family may use to build a degenerate copy of one real reply. */
export interface VariantContext {
  /** The real reply being replaced. */
  reply: string;
  /** Language of the dialogue (the user's language). */
  lang: Language;
  /** The user's messages so far, oldest first; the last one is what the reply answers. */
  userMessages: readonly string[];
  /** The persona and story of this dialogue's user (the profile's `player` and `scene`). */
  storyText: string;
  /** Real replies of other dialogues in the same language (for transplants). */
  otherReplies: readonly string[];
  /** The replies said earlier in this dialogue, oldest first (for repeats across turns); absent when unknown. */
  earlierReplies?: readonly string[];
  /** Seeded random numbers: the same context and seed give the same copy. */
  rng: Rng;
}

/** A family of degenerate replies: text that is not a good reply, however a judge may score it. */
export interface RedTeamFamily {
  /** Stable kebab-case id (`--families` and reports). */
  id: string;
  /** One line: what the copy does to the reply. */
  description: string;
  /** The degenerate copy, or `undefined` when the family does not apply (e.g. no other dialogue to borrow from). */
  variant(context: VariantContext): string | undefined;
}
