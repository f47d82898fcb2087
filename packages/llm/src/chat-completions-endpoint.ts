import { LLMCallError } from '@rlver/spec';
import { APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { createKeepAliveJsonPost, type JsonPost, type JsonPostAnswer } from './keep-alive-json-post';

/** Where and how {@link createChatCompletionsEndpoint} calls. */
export interface ChatCompletionsEndpointOptions {
  /** The API root, e.g. `http://127.0.0.1:8000/v1`; requests go to `<baseURL>/chat/completions`. */
  baseURL: string;
  apiKey: string;
  /** Limit of one call, answer included, in milliseconds. */
  timeoutMs: number;
  /** The HTTP exchange (default: keep-alive connection pools). */
  post?: JsonPost;
}

/** One non-streaming chat completion. */
export type ChatCompletionsEndpoint = (
  body: ChatCompletionCreateParamsNonStreaming,
  signal?: AbortSignal,
) => Promise<ChatCompletion>;

function responseHeaders(answer: JsonPostAnswer): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
  }
  return headers;
}

function statusError(answer: JsonPostAnswer): APIError {
  let body: object | undefined;
  try {
    body = JSON.parse(answer.text) as object;
  } catch {
    body = undefined;
  }
  return APIError.generate(answer.status, body, body ? undefined : answer.text, responseHeaders(answer));
}

/**
 * `POST <baseURL>/chat/completions` of the OpenAI protocol, without the `openai` client's per-call machinery
 * (header building, eager debug-log formatting, fetch and web streams), which cost more CPU than the exchange
 * when hundreds of calls run at once. Failures are the `openai` package's errors, as its client throws them
 * (`APIError.generate` for an HTTP status, `APIConnectionError`, `APIConnectionTimeoutError`,
 * `APIUserAbortError`), so `mapOpenAIError` classifies them; a 2xx answer that is not JSON throws a
 * non-retryable `LLMCallError`.
 */
export function createChatCompletionsEndpoint(options: ChatCompletionsEndpointOptions): ChatCompletionsEndpoint {
  const url = new URL(`${options.baseURL.replace(/\/+$/, '')}/chat/completions`);
  const post = options.post ?? createKeepAliveJsonPost();
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: `Bearer ${options.apiKey}`,
    'user-agent': '@rlver/llm',
  };
  return async (body, signal) => {
    const answer = await post({ url, headers, body: JSON.stringify(body), timeoutMs: options.timeoutMs, signal });
    if (answer.status < 200 || answer.status > 299) throw statusError(answer);
    try {
      return JSON.parse(answer.text) as ChatCompletion;
    } catch (error) {
      throw new LLMCallError({
        message: `${url.href} answered HTTP ${answer.status} with a body that is not JSON ("${answer.text.slice(0, 80)}"). Check that --base-url is the API root of an OpenAI-compatible server (it usually ends in /v1).`,
        isRetryable: false,
        url: url.href,
        cause: error,
      });
    }
  };
}
