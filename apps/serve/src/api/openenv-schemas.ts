import { languageSchema, profileSchema } from '@rlver/spec';
import { z } from 'zod';
import { presetNameSchema } from './rest-schemas';

// OpenEnv's WebSocket protocol (meta-pytorch/OpenEnv, `core/env_server/types.py`): the client sends
// {type: reset|step|state|close, data}; the server answers {type: observation|state|error, data}. An observation
// answer carries {observation: {...}, reward, done, metadata?}, as OpenEnv's `serialize_observation` builds it.

/** The action of a step: the assistant's reply (OpenEnv actions carry a `metadata` dict too). */
export const openEnvActionSchema = z
  .object({
    content: z.string().max(100_000),
    request_id: z.string().min(1).max(200).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** Reset parameters: OpenEnv's `seed` and `episode_id`, plus the fields of `POST /v1/episodes`. Extra keys are ignored. */
export const openEnvResetSchema = z.looseObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  episode_id: z.string().max(255).optional(),
  profile: profileSchema.optional(),
  scenario_id: z.string().min(1).max(200).optional(),
  lang: languageSchema.optional(),
  preset: presetNameSchema.optional(),
  max_turns: z.number().int().min(1).max(50).optional(),
  group_id: z.string().min(1).max(200).optional(),
  opening: z.string().min(1).max(20_000).optional(),
});

/** What the policy observes: the simulated user's message and the turn's emotion. */
export const openEnvObservationSchema = z.object({
  role: z.literal('user'),
  /** The user's message; null when the dialogue ended on an unanswered reply. */
  content: z.string().nullable(),
  emotion: z.number(),
  turn: z.number().int(),
  end_reason: z.string().nullable(),
  inner_thoughts: z.string(),
});

/** OpenEnv `State`: `episode_id` and `step_count`, plus the dialogue so far. */
export const openEnvStateSchema = z.object({
  episode_id: z.string().nullable(),
  step_count: z.number().int(),
  done: z.boolean(),
  emotion: z.number().nullable(),
  emotion_trajectory: z.array(z.number()),
  scenario_id: z.string().nullable(),
  transcript: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
});

/** Incoming WebSocket messages. */
export const openEnvMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reset'), data: z.record(z.string(), z.unknown()).optional() }),
  z.object({ type: z.literal('step'), data: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('state') }),
  z.object({ type: z.literal('close') }),
]);

/** OpenEnv's `/metadata` body (`EnvironmentMetadata`). */
export function openEnvMetadata(version: string, simulatorId: string) {
  return {
    name: 'rlver-sentient-user',
    description: `The RLVER simulated user (${simulatorId}): talk to it as the assistant; the reward is its final emotion / 100.`,
    readme_content: null,
    version,
    author: 'rlver-ts',
    documentation_url: 'docs/scale-out.md',
  };
}

/** OpenEnv's `/schema` body (`SchemaResponse`). */
export function openEnvSchemas() {
  return {
    action: z.toJSONSchema(openEnvActionSchema, { io: 'input' }),
    observation: z.toJSONSchema(openEnvObservationSchema),
    state: z.toJSONSchema(openEnvStateSchema),
  };
}
