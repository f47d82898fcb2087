import type { EpisodeState } from '@rlver/env';
import { z } from 'zod';
import type { StepResponse } from '../api/rest-schemas';

/** The simulated-user settings an episode runs under; episodes with equal keys share one environment. */
export interface EnvKey {
  preset: 'sage' | 'rlver-train';
  /** Turn cap override; null keeps the preset's. */
  maxTurns: number | null;
}

/** One open episode as the server keeps it (and logs it): the environment state plus serving metadata. */
export interface EpisodeRecord {
  id: string;
  envKey: EnvKey;
  scenarioId: string;
  state: EpisodeState;
  /** Answers to the latest steps that carried a `request_id` (idempotent retries), oldest first. */
  responses: Array<{ requestId: string; response: StepResponse }>;
  createdAtMs: number;
  lastActiveAtMs: number;
}

/** The state a GRPO group forks its members from: the episode right after the opener. */
export interface GroupRecord {
  id: string;
  envKey: EnvKey;
  scenarioId: string;
  state: EpisodeState;
  createdAtMs: number;
  lastActiveAtMs: number;
}

const envKeySchema = z.object({ preset: z.enum(['sage', 'rlver-train']), maxTurns: z.number().int().nullable() });
const stateSchema = z.looseObject({
  episodeId: z.string(),
  done: z.boolean(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  turns: z.array(z.unknown()),
  simulator: z.looseObject({ emotion: z.number() }),
});

/** Shape check of a logged episode record (the state itself was written by this server). */
export const episodeRecordSchema = z.object({
  id: z.string(),
  envKey: envKeySchema,
  scenarioId: z.string(),
  state: stateSchema,
  responses: z.array(z.object({ requestId: z.string(), response: z.looseObject({ done: z.boolean() }) })),
  createdAtMs: z.number(),
  lastActiveAtMs: z.number(),
});

/** Shape check of a logged group record. */
export const groupRecordSchema = z.object({
  id: z.string(),
  envKey: envKeySchema,
  scenarioId: z.string(),
  state: stateSchema,
  createdAtMs: z.number(),
  lastActiveAtMs: z.number(),
});
