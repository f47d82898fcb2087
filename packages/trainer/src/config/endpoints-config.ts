import { z } from 'zod';

/**
 * One LLM endpoint role of a run: where its calls go, the NAME of the environment variable holding its key, and
 * how fast it may be called. Unset fields fall back to `baseURL` / `OPENAI_BASE_URL` and `OPENAI_API_KEY`.
 */
export const roleEndpointConfigSchema = z
  .object({
    /** Base URL of this role's OpenAI-compatible server (default: `baseURL`, else `OPENAI_BASE_URL`). */
    baseURL: z.string().url().optional(),
    /** Name of the environment variable with this role's API key (default `OPENAI_API_KEY`); never the key. */
    apiKeyEnv: z
      .string()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]*$/,
        'name the environment variable that holds the key (e.g. SIMULATOR_API_KEY), never the key itself',
      )
      .optional(),
    /** Calls of this role in flight at once (default: as many as the run's dialogues make). */
    concurrency: z.number().int().positive().optional(),
    /** Client-side rate limit: requests started per minute (token bucket). */
    requestsPerMinute: z.number().positive().optional(),
    /** Client-side rate limit: prompt + completion tokens per minute (estimated before each call). */
    tokensPerMinute: z.number().positive().optional(),
  })
  .strict();
export type RoleEndpointConfig = z.output<typeof roleEndpointConfigSchema>;

/**
 * LLM endpoints of a training run, per role. Training calls one role: the `simulator` (an `openai:<model>`
 * simulated user); the policy trains locally and training has no judge.
 */
export const trainEndpointsConfigSchema = z
  .object({
    /** The simulated user's endpoint (`--simulator openai:<model>`). */
    simulator: roleEndpointConfigSchema.optional(),
  })
  .strict();
