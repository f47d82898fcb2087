import { z } from 'zod';
import { usagePriceSchema } from './endpoint-usage';

/**
 * One LLM endpoint role of a run (`endpoints.<role>` in a config file, `--endpoints.<role>.<field>` as flags):
 * where its calls go, the NAME of the environment variable holding its key, how fast it may be called and what
 * its tokens cost. Unset fields fall back to `baseURL` / `OPENAI_BASE_URL` and `OPENAI_API_KEY`. Shared by
 * `rlver-train` (`endpoints.simulator`) and `rlver-eval run` (`endpoints.policy|simulator|judge`).
 */
export const roleEndpointConfigSchema = z
  .object({
    /** Base URL of this role's OpenAI-compatible server (default: `baseURL`, else `OPENAI_BASE_URL`). */
    baseURL: z
      .string()
      .url()
      .optional()
      .describe("Base URL of this role's OpenAI-compatible server (default --base-url, else $OPENAI_BASE_URL)."),
    /** Name of the environment variable with this role's API key (default `OPENAI_API_KEY`); never the key. */
    apiKeyEnv: z
      .string()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]*$/,
        'name the environment variable that holds the key (e.g. SIMULATOR_API_KEY), never the key itself',
      )
      .optional()
      .describe('NAME of the environment variable holding the key (default OPENAI_API_KEY), never the key.'),
    /** Calls of this role in flight at once (default: as many as the run's dialogues make). */
    concurrency: z.number().int().positive().optional().describe('Calls of this role in flight at once.'),
    /** Client-side rate limit: requests started per minute (token bucket). */
    requestsPerMinute: z.number().positive().optional().describe('Client-side limit: requests started per minute.'),
    /** Client-side rate limit: prompt + completion tokens per minute (estimated before each call). */
    tokensPerMinute: z
      .number()
      .positive()
      .optional()
      .describe('Client-side limit: prompt + completion tokens per minute.'),
    /** Price per 1M tokens: the run's usage then carries this role's cost (same currency). */
    price: usagePriceSchema.optional(),
  })
  .strict();
export type RoleEndpointConfig = z.output<typeof roleEndpointConfigSchema>;
