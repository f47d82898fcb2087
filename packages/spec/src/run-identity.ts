import { z } from 'zod';

/** An LLM endpoint as a run records it: where and which model, never a key. */
export const endpointIdentitySchema = z.object({
  /** API root without credentials or query string, e.g. `http://127.0.0.1:8000/v1`. */
  baseURL: z.string(),
  model: z.string(),
});
export type EndpointIdentity = z.infer<typeof endpointIdentitySchema>;

/**
 * What a benchmark run is, recorded on each of its result lines: results of runs that differ in any field must
 * never be scored together, so a resume with another identity is refused, naming the field.
 */
export const runIdentitySchema = z.object({
  /** Emotion preset (`sage`, `rlver-train`, `custom`). */
  preset: z.string(),
  /** Base seed of the run (episode seeds derive from it). */
  seed: z.number().int(),
  /** Whether the policy had the think-then-say system prompt. */
  think: z.boolean(),
  policyId: z.string(),
  simulatorId: z.string(),
  /** LLM endpoints by role (`policy`, `simulator`, `judge`): base URL and model. */
  endpoints: z.record(z.string(), endpointIdentitySchema),
});
export type RunIdentity = z.infer<typeof runIdentitySchema>;

/**
 * A base URL safe to record: user name, password, query and fragment removed (some servers take the key there).
 * Text that is not a URL is returned unchanged.
 */
export function redactBaseURL(baseURL: string): string {
  try {
    const url = new URL(baseURL);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return baseURL;
  }
}
