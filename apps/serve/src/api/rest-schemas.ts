import { languageSchema, profileSchema } from '@rlver/spec';
import { z } from 'zod';

/** The emotion presets a client may ask for (`--preset` is the default). */
export const presetNameSchema = z.enum(['sage', 'rlver-train']);

/** `POST /v1/episodes`: which simulated user to talk to. Every field is optional. */
export const createEpisodeBodySchema = z
  .object({
    /** A profile in the reference JSONL format, inline. */
    profile: profileSchema.optional(),
    /** Id of a shipped scenario (or of one in `--profiles`). */
    scenario_id: z.string().min(1).max(200).optional(),
    /** Language of the scenario set a scenario is drawn from (default `--lang`). */
    lang: languageSchema.optional(),
    /** Emotion dynamics and stop rules (default `--preset`). */
    preset: presetNameSchema.optional(),
    /** Seed of the simulated user's random choices, and of the scenario draw. Default: drawn by the server. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
    /** Turn cap of this episode (policy replies); default the preset's (sage 10, rlver-train 8). */
    max_turns: z.number().int().min(1).max(50).optional(),
    /** Episodes created with the same group id share persona and opening message (GRPO groups). */
    group_id: z.string().min(1).max(200).optional(),
    /** The user's opening message to use instead of the simulator's (datasets with pre-generated openers). */
    opening: z.string().min(1).max(20_000).optional(),
  })
  .strict()
  .refine((body) => body.profile === undefined || body.scenario_id === undefined, {
    path: ['scenario_id'],
    message: 'give either profile or scenario_id, not both',
  });
export type CreateEpisodeBody = z.infer<typeof createEpisodeBodySchema>;

/** `POST /v1/episodes/{id}/step`: the assistant's reply. */
export const stepBodySchema = z
  .object({
    /** The assistant's raw reply; `<think>…</think>` is stripped before the simulated user sees it. */
    content: z.string().max(100_000),
    /** Retry key: a repeated request id returns the first response without advancing the episode. */
    request_id: z.string().min(1).max(200).optional(),
  })
  .strict();
export type StepBody = z.infer<typeof stepBodySchema>;

export const userObservationSchema = z.object({ role: z.literal('user'), content: z.string() });

/** Answer of create and fork: the episode and the user's latest message. */
export const episodeStartSchema = z.object({
  episode_id: z.string(),
  observation: userObservationSchema.nullable(),
  emotion: z.number(),
  done: z.boolean(),
  scenario_id: z.string(),
  seed: z.number().int(),
  group_id: z.string().nullable(),
  /** The policy's system prompt for this episode (its language and preset). */
  system_prompt: z.string(),
});
export type EpisodeStart = z.infer<typeof episodeStartSchema>;

/** Answer of a step. `reward` is final emotion / 100 when done, else 0; per-turn emotion is in `info`. */
export const stepResponseSchema = z.object({
  observation: userObservationSchema.nullable(),
  reward: z.number(),
  done: z.boolean(),
  info: z.object({
    emotion: z.number(),
    delta: z.number(),
    turn: z.number().int(),
    end_reason: z.string().nullable(),
    inner_thoughts: z.string(),
  }),
});
export type StepResponse = z.infer<typeof stepResponseSchema>;

/** `GET /v1/episodes/{id}`: transcript so far, emotion trajectory and status. */
export const episodeViewSchema = z.object({
  episode_id: z.string(),
  status: z.enum(['active', 'done']),
  done: z.boolean(),
  scenario_id: z.string(),
  seed: z.number().int(),
  group_id: z.string().nullable(),
  preset: z.string(),
  lang: languageSchema,
  system_prompt: z.string(),
  transcript: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  emotion: z.number(),
  /** Opening emotion, then the emotion after every turn. */
  emotion_trajectory: z.array(z.number()),
  turn: z.number().int(),
  end_reason: z.string().nullable(),
  reward: z.number().nullable(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type EpisodeView = z.infer<typeof episodeViewSchema>;

export const deleteResponseSchema = z.object({ episode_id: z.string(), deleted: z.literal(true) });

export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const statsResponseSchema = z.object({
  open_episodes: z.number().int(),
  max_episodes: z.number().int(),
  groups: z.number().int(),
  simulator: z.string(),
  durable: z.boolean(),
  uptime_s: z.number(),
  memory: z.object({ rss_bytes: z.number(), heap_used_bytes: z.number() }),
  /** The durable log (null without --state-dir): bytes on disk and bytes of the live records. */
  log: z.object({ file_bytes: z.number(), live_bytes: z.number(), compactions: z.number().int() }).nullable(),
});

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum([
      'invalid_request',
      'not_found',
      'episode_done',
      'step_in_progress',
      'capacity_reached',
      'simulator_unavailable',
      'internal_error',
    ]),
    message: z.string(),
    field: z.string().optional(),
  }),
});
