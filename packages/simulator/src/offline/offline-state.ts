import { createRng, hashSeed, type Language, type Profile, type SimulatorState } from '@rlver/spec';
import { z } from 'zod';
import { buildStoryIndex, type StoryIndex } from './story-index';

/** What the offline user keeps in `SimulatorState.extra.offline` (plain JSON, so states clone and serialise). */
export interface OfflineMemory {
  version: 1;
  story: StoryIndex;
  /** RNG state for the next turn (mulberry32). */
  rngState: number;
  /** Story stages already told. */
  revealed: number;
  /** Changes applied so far (the trend term looks at the last two). */
  deltas: number[];
}

const offlineMemorySchema = z.object({
  version: z.literal(1),
  story: z.object({
    selfName: z.string(),
    otherNames: z.array(z.string()),
    keywords: z.array(z.string()),
    toldWords: z.array(z.string()).default([]),
    stages: z.array(z.string()),
  }),
  rngState: z.number().int(),
  revealed: z.number().int().nonnegative(),
  deltas: z.array(z.number()),
});

/** Fresh memory for a dialogue: the story index and an RNG seeded from (seed, profile id). */
export function createOfflineMemory(profile: Profile, lang: Language, seed: number): OfflineMemory {
  return {
    version: 1,
    story: buildStoryIndex(profile, lang),
    rngState: createRng(hashSeed(seed, profile.id, 'offline-user')).getState(),
    revealed: 0,
    deltas: [],
  };
}

/**
 * The memory of a state. A state made elsewhere (e.g. by another simulator, or a replayed transcript) gets a
 * fresh memory and a warning, so the offline user can judge any state.
 */
export function readOfflineMemory(state: SimulatorState): { memory: OfflineMemory; warning?: string } {
  const parsed = offlineMemorySchema.safeParse(state.extra.offline);
  if (parsed.success) return { memory: parsed.data as OfflineMemory };
  const memory = createOfflineMemory(state.profile, state.lang, state.seed);
  const turnsSoFar = state.history.filter((message) => message.role === 'assistant').length;
  return {
    memory,
    warning:
      state.extra.offline === undefined && turnsSoFar === 0
        ? undefined
        : 'state had no offline-user memory; rebuilt it from the profile (earlier deltas unknown)',
  };
}
