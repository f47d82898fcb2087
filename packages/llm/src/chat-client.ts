import {
  type ChatMessage,
  createRng,
  hashSeed,
  InvalidConfigError,
  InvalidLLMOutputError,
  LLMCallError,
  MissingAPIKeyError,
} from '@rlver/spec';
import { APIConnectionTimeoutError } from 'openai';
import { createChatCompletionsEndpoint } from './chat-completions-endpoint';
import { defaultBaseURL } from './default-base-url';
import { cacheKey, type LlmCache } from './llm-cache';
import { mapOpenAIError } from './map-openai-error';
import { type CompletionMessage, readCompletionMessage } from './read-completion-message';
import { defaultSleep, RETRY_DEFAULTS, retryWithExponentialBackoff } from './retry-with-exponential-backoff';

/** Structured-output request: a JSON schema the server should follow (servers that support it). */
export interface JsonSchemaFormat {
  type: 'json_schema';
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatCompletionRequest {
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  seed?: number;
  stop?: string[];
  responseFormat?: JsonSchemaFormat | { type: 'json_object' };
  /**
   * Resample index: callers that reject an unparseable answer ask again with `attempt + 1`, which is part
   * of the cache key, so a replayed run resamples exactly as the recorded one did.
   */
  attempt?: number;
  signal?: AbortSignal;
}

export interface ChatCompletionResult {
  text: string;
  finishReason: string | null;
  promptTokens: number | undefined;
  completionTokens: number | undefined;
  /** True when served from the record/replay cache. */
  cached: boolean;
  latencyMs: number;
}

/** Swap point for every LLM call of the toolkit (simulator, tagger, judge, API policy). */
export interface ChatClient {
  readonly model: string;
  readonly baseURL: string;
  complete(request: ChatCompletionRequest): Promise<ChatCompletionResult>;
  /** Network calls made (cache hits excluded). */
  callCount(): number;
}

export interface OpenAIChatClientConfig {
  model: string;
  /** Default `OPENAI_BASE_URL`, else `https://api.openai.com/v1`; any OpenAI-compatible server (vLLM, Ollama, llama.cpp). */
  baseURL?: string;
  /** Default: the `OPENAI_API_KEY` environment variable; loopback servers need none. */
  apiKey?: string;
  /** Per-call timeout in ms (default 120000). */
  timeoutMs?: number;
  /** Retries of retryable failures other than rate limits: 5xx, timeouts, network, malformed answers (default 2). */
  maxRetries?: number;
  /** Retries of HTTP 429, counted apart (default 6): rate limits pass, so they are retried longer. */
  maxRateLimitRetries?: number;
  /** Longest wait a `Retry-After` header may impose, in ms (default 60000). */
  maxRetryAfterMs?: number;
  /** First backoff delay in ms (default 2000); waits double per retry, at most 60 s. */
  initialDelayMs?: number;
  /** Defaults merged into every request. */
  defaults?: Pick<ChatCompletionRequest, 'temperature' | 'topP' | 'maxTokens' | 'seed'>;
  cache?: LlmCache;
  /** Injectable sleep for backoff (tests). */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

/** An empty message (`readCompletionMessage`): retried like a malformed answer. */
const isEmptyAnswer = (error: unknown): error is InvalidLLMOutputError => InvalidLLMOutputError.isInstance(error);

/** Whether a base URL points at this machine (local servers accept any key). */
export function isLoopbackURL(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/**
 * Create a chat client over any OpenAI-compatible endpoint with timeouts, bounded retries and record/replay.
 * Calls go through {@link createChatCompletionsEndpoint} (keep-alive connections, the `openai` package's error
 * classes) rather than the `openai` client, whose per-call overhead dominated runs with 100 episodes in flight.
 */
export function createOpenAIChatClient(config: OpenAIChatClientConfig): ChatClient {
  const baseURL = config.baseURL ?? defaultBaseURL();
  try {
    new URL(baseURL);
  } catch {
    const source = config.baseURL === undefined ? 'OPENAI_BASE_URL' : '--base-url';
    throw new InvalidConfigError({
      field: source,
      message: `${source} "${baseURL}" is not a URL; use e.g. http://127.0.0.1:8000/v1`,
    });
  }
  if (!config.model)
    throw new InvalidConfigError({
      field: 'model',
      message: 'model is empty; name the served model, e.g. openai:gpt-4o-mini',
    });
  // An empty OPENAI_API_KEY counts as unset (loopback servers then get 'local').
  const apiKey = config.apiKey || process.env.OPENAI_API_KEY || (isLoopbackURL(baseURL) ? 'local' : undefined);
  const cache = config.cache;
  if (!apiKey && cache?.mode !== 'read') throw new MissingAPIKeyError({ variableName: 'OPENAI_API_KEY' });
  const timeoutMs = config.timeoutMs ?? 120_000;
  const createCompletion = createChatCompletionsEndpoint({ baseURL, apiKey: apiKey ?? 'replay', timeoutMs });
  const sleep = config.sleep ?? defaultSleep;
  let calls = 0;

  return {
    model: config.model,
    baseURL,
    callCount: () => calls,
    async complete(request) {
      const merged = { ...config.defaults, ...request };
      const keyMaterial = {
        model: config.model,
        messages: merged.messages,
        temperature: merged.temperature,
        topP: merged.topP,
        maxTokens: merged.maxTokens,
        seed: merged.seed,
        stop: merged.stop,
        responseFormat: merged.responseFormat,
        attempt: merged.attempt ?? 0,
      };
      // Hashing the whole prompt is costly: only the cache and the jitter of a retry need the key.
      let key: string | undefined;
      const keyOf = () => {
        key ??= cacheKey(keyMaterial);
        return key;
      };
      const started = performance.now();
      if (cache && cache.mode !== 'off') {
        const hit = cache.get(keyOf());
        if (hit) {
          return {
            text: hit.response.text,
            finishReason: hit.response.finishReason,
            promptTokens: hit.response.promptTokens,
            completionTokens: hit.response.completionTokens,
            cached: true,
            latencyMs: performance.now() - started,
          };
        }
        if (cache.mode === 'read') cache.miss(keyOf());
      }
      const where = { model: config.model, baseURL };
      const isRetryable = (error: unknown) =>
        (LLMCallError.isInstance(error) && error.isRetryable) || isEmptyAnswer(error);
      const message: CompletionMessage = await retryWithExponentialBackoff(
        async () => {
          calls += 1;
          try {
            const completion = await createCompletion(
              {
                model: config.model,
                messages: merged.messages,
                temperature: merged.temperature,
                top_p: merged.topP,
                max_tokens: merged.maxTokens,
                seed: merged.seed,
                stop: merged.stop,
                response_format:
                  merged.responseFormat?.type === 'json_schema'
                    ? {
                        type: 'json_schema',
                        json_schema: {
                          name: merged.responseFormat.name,
                          schema: merged.responseFormat.schema,
                          strict: true,
                        },
                      }
                    : merged.responseFormat,
              },
              merged.signal,
            );
            return readCompletionMessage(completion, where);
          } catch (error) {
            if (isEmptyAnswer(error)) throw error;
            if (error instanceof APIConnectionTimeoutError && !merged.signal?.aborted) {
              throw new LLMCallError({
                message: `LLM call to ${baseURL} (model ${config.model}) timed out after ${timeoutMs} ms; set --timeout-ms to wait longer`,
                isRetryable: true,
                url: baseURL,
                cause: error,
              });
            }
            throw mapOpenAIError(error, baseURL, config.model);
          }
        },
        {
          maxRetries: config.maxRetries ?? RETRY_DEFAULTS.maxRetries,
          maxRateLimitRetries: config.maxRateLimitRetries ?? RETRY_DEFAULTS.maxRateLimitRetries,
          maxRetryAfterMs: config.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
          initialDelayMs: config.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs,
          sleep,
          signal: merged.signal,
          isRetryable,
          rng: () => createRng(hashSeed(keyOf())),
        },
      );
      const text = message.text;
      const result: ChatCompletionResult = {
        text,
        finishReason: message.finishReason,
        promptTokens: message.promptTokens,
        completionTokens: message.completionTokens,
        cached: false,
        latencyMs: performance.now() - started,
      };
      cache?.put({
        schemaVersion: 1,
        key: keyOf(),
        request: keyMaterial,
        response: {
          text,
          finishReason: result.finishReason,
          promptTokens: result.promptTokens,
          completionTokens: result.completionTokens,
        },
        recordedAt: new Date().toISOString(),
      });
      return result;
    },
  };
}

/** Parse `openai:<model>` (CLI flag form) into the model name, or undefined when the value has another form. */
export function parseOpenAIModelFlag(value: string): string | undefined {
  return value.startsWith('openai:') && value.length > 'openai:'.length ? value.slice('openai:'.length) : undefined;
}
