/** The base URL of OpenAI's own API, used when neither `--base-url` nor `OPENAI_BASE_URL` is set. */
export const OPENAI_API_BASE_URL = 'https://api.openai.com/v1';

/**
 * The endpoint an `openai:<model>` client uses when no `--base-url` is given: `OPENAI_BASE_URL` (as the `openai`
 * package and most OpenAI-compatible tools read it; empty counts as unset), else OpenAI's API.
 */
export function defaultBaseURL(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.OPENAI_BASE_URL || OPENAI_API_BASE_URL;
}
