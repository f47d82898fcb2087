import type { Bilingual } from './bilingual';

/**
 * A seed topic of the procedural generator: one confiding story with slots `{me}` (the persona), `{other}`
 * (the counterpart's name), `{role}` (the counterpart's role) and `{thing}` (a topic-specific detail).
 * English stage sentences start with `{me}` in the past tense so the offline user can retell them as "I …".
 */
export interface TopicTemplate {
  /** Stable key, e.g. `romance-ambiguous`. */
  key: string;
  /** Category of the `topic` field, e.g. 恋爱矛盾 / romance. */
  category: Bilingual;
  /** The specific question of the `topic` field. */
  question: Bilingual;
  /** The other person in the story. */
  counterpart: { role: Bilingual; gender: 'm' | 'f' | 'any' };
  /** Concrete details, one per scenario (`{thing}`). */
  things: readonly Bilingual[];
  /** Persona age range that fits the story. */
  ages?: readonly [number, number];
  cause: Bilingual;
  /** Four dated stages, oldest first. */
  stages: readonly [Bilingual, Bilingual, Bilingual, Bilingual];
  conflict: Bilingual;
  conflictCause: Bilingual;
  /** Solutions tried that did not work. */
  attempts: Bilingual;
  /** The problem the persona faces now. */
  problem: Bilingual;
  /** Current state of the event. */
  state: Bilingual;
  /** Openers: mention the event, never the hidden theme. */
  openers: readonly Bilingual[];
}
