import type { EmotionSettings, Profile } from '@rlver/spec';

/**
 * Copies of the two emotion presets (spec §3.12) for scripted tests; `@rlver/env` does not depend on the
 * simulator package that owns the real ones.
 */
export const SCRIPTED_SETTINGS: Readonly<Record<'sage' | 'rlver-train', EmotionSettings>> = {
  sage: {
    initialEmotion: 40,
    deltaClamp: 10,
    cap: 100,
    lowerClamp: null,
    ceilingStop: 100,
    floorStop: { operator: '<', value: 10 },
    goodbyeStop: true,
    maxPolicyTurns: 10,
    scoreFinalReply: false,
  },
  'rlver-train': {
    initialEmotion: 30,
    deltaClamp: null,
    cap: 100,
    lowerClamp: null,
    ceilingStop: null,
    floorStop: { operator: '<=', value: 0 },
    goodbyeStop: true,
    maxPolicyTurns: 8,
    scoreFinalReply: true,
  },
};

/** A synthetic profile (our own text) for tests. */
export function createTestProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'test-profile-1',
    player: '- Name: Mira Test\n- Age: 31\n- Occupation: bakery owner\n- Speaking style: short, a bit sarcastic',
    scene:
      '## Background\nHer business partner left without notice and took the recipe book.\n#### Hidden theme:\n***SECRET-INTENTION-MARKER',
    main_cha: 'passive',
    cha_group: ['anxious', 'cautious', 'humble'],
    task: 'SECRET-INTENTION-MARKER: wants deep empathy, not shallow comfort',
    first_talk: 'My partner just walked out on the bakery. I do not even know where to start.',
    lang: 'en',
    ...overrides,
  };
}
