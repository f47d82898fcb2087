import type { IntentionKey, StrategyLabel } from '@rlver/spec';

/** Which strategy labels meet a hidden intention, and which tend to upset a user who holds it. */
export interface IntentionStrategies {
  satisfies: StrategyLabel[];
  dislikes: StrategyLabel[];
}

/**
 * Hidden intention (spec §2.5) → labels that satisfy it / labels such a user tends to dislike (spec §8.1,
 * unverified candidate mapping). Used by the offline simulated user; documented in the package README.
 */
export const INTENTION_STRATEGIES: Readonly<Record<IntentionKey, IntentionStrategies>> = {
  r1: { satisfies: ['dialectical_analysis', 'perspective_taking'], dislikes: ['generic_comfort'] },
  r2: { satisfies: ['advice', 'information'], dislikes: ['generic_comfort', 'active_listening'] },
  r3: { satisfies: ['perspective_taking', 'dialectical_analysis'], dislikes: ['generic_comfort'] },
  r4: { satisfies: ['guided_reflection', 'dialectical_analysis'], dislikes: ['generic_comfort', 'validation'] },
  e1: { satisfies: ['praise', 'validation'], dislikes: ['generic_comfort', 'guided_reflection'] },
  e2: {
    satisfies: ['active_listening', 'deep_empathy'],
    dislikes: ['advice', 'guided_reflection', 'dialectical_analysis'],
  },
  e3: { satisfies: ['deep_empathy', 'active_listening'], dislikes: ['generic_comfort', 'advice'] },
  e4: {
    satisfies: ['validation', 'deep_empathy'],
    dislikes: ['perspective_taking', 'dialectical_analysis', 'guided_reflection'],
  },
};
