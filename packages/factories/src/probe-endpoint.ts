import { isLoopbackURL } from '@rlver/llm';
import { describeFetchFailure, InvalidConfigError, isConnectionReset, MissingAPIKeyError } from '@rlver/spec';

export interface ProbeEndpointOptions {
  baseURL: string;
  model: string;
  /** The flag that asked for this endpoint (named in errors), e.g. `--simulator`. */
  flag: string;
  /** Default: `OPENAI_API_KEY`; loopback URLs need none. */
  apiKey?: string;
  /** Per-request limit in milliseconds (default 5000). */
  timeoutMs?: number;
  /** The setting that chose the base URL, named in errors (default `--base-url`; `endpoints.judge.baseURL`, …). */
  baseURLSetting?: string;
  /** The variable the key came from, named in errors (default `OPENAI_API_KEY`). */
  apiKeyVariable?: string;
}

async function request(
  url: string,
  init: RequestInit,
  options: ProbeEndpointOptions,
  apiKey: string,
): Promise<Response> {
  const send = () =>
    fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  try {
    // A connection reset on a reused keep-alive socket is a race, not an unreachable server: ask once more.
    return await send().catch((error: unknown) => (isConnectionReset(error) ? send() : Promise.reject(error)));
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new InvalidConfigError({
      field: options.baseURLSetting ?? '--base-url',
      message: `cannot reach ${options.baseURL} for ${options.flag} openai:${options.model} (${timedOut ? `no answer within ${options.timeoutMs ?? 5000} ms` : describeFetchFailure(error)}). Start the server or fix ${options.baseURLSetting ?? '--base-url'}; no episode was started.`,
      cause: error,
    });
  }
}

function rejectStatus(status: number, what: string, options: ProbeEndpointOptions): never {
  if (status === 401 || status === 403) {
    const variable = options.apiKeyVariable ?? 'OPENAI_API_KEY';
    throw new InvalidConfigError({
      field: variable,
      message: `${options.baseURL} rejected the API key (HTTP ${status}) on ${what}; set ${variable} to a valid key for this endpoint. No episode was started.`,
    });
  }
  throw new InvalidConfigError({
    field: options.flag,
    message: `${options.baseURL} answered HTTP ${status} on ${what} for model "${options.model}"; check ${options.flag} (model name) and ${options.baseURLSetting ?? '--base-url'}. No episode was started.`,
  });
}

/**
 * Check an OpenAI-compatible endpoint before any episode starts: `GET /models`, falling back to a 1-token chat
 * completion where the server has no model list. Unreachable servers, rejected keys and unknown models throw
 * `InvalidConfigError` (exit 2) saying what to change. Returns warnings (e.g. the model is not in the list).
 */
export async function probeOpenAIEndpoint(options: ProbeEndpointOptions): Promise<string[]> {
  const apiKey = options.apiKey || process.env.OPENAI_API_KEY || (isLoopbackURL(options.baseURL) ? 'local' : undefined);
  if (!apiKey) throw new MissingAPIKeyError({ variableName: 'OPENAI_API_KEY' });
  const base = options.baseURL.replace(/\/+$/, '');
  const models = await request(`${base}/models`, { method: 'GET' }, options, apiKey);
  if (models.ok) {
    const body = (await models.json().catch(() => undefined)) as { data?: Array<{ id?: unknown }> } | undefined;
    const ids = Array.isArray(body?.data) ? body.data.map((item) => String(item.id)) : [];
    return ids.length > 0 && !ids.includes(options.model)
      ? [
          `${options.baseURL} does not list model "${options.model}" (it lists ${ids.slice(0, 5).join(', ')}); calls may fail`,
        ]
      : [];
  }
  if (models.status === 401 || models.status === 403) rejectStatus(models.status, 'GET /models', options);
  const completion = await request(
    `${base}/chat/completions`,
    {
      method: 'POST',
      body: JSON.stringify({ model: options.model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 }),
    },
    options,
    apiKey,
  );
  if (!completion.ok) rejectStatus(completion.status, 'a 1-token chat completion', options);
  return [];
}
