import { LLMCallError, safeParseJSON } from '@rlver/spec';
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
  const parsed = safeParseJSON<object>(answer.text);
  const body = parsed.success && typeof parsed.value === 'object' ? parsed.value : undefined;
  return APIError.generate(answer.status, body ?? undefined, body ? undefined : answer.text, responseHeaders(answer));
}

/** What a 2xx body that is not a JSON completion looks like, for the error message. */
function describeNonJson(answer: JsonPostAnswer): string {
  const type = String(answer.headers['content-type'] ?? '');
  const start = answer.text.trimStart();
  if (/text\/html/i.test(type) || /^<(!doctype|html)/i.test(start)) return 'an HTML page instead of JSON';
  if (/text\/event-stream/i.test(type) || start.startsWith('data:')) {
    return 'a server-sent event stream although no stream was asked for';
  }
  if (start === '') return 'an empty body';
  return 'a body that is not JSON (cut off or malformed)';
}

/**
 * `POST <baseURL>/chat/completions` of the OpenAI protocol, without the `openai` client's per-call machinery
 * (header building, eager debug-log formatting, fetch and web streams), which cost more CPU than the exchange
 * when hundreds of calls run at once. Failures are the `openai` package's errors, as its client throws them
 * (`APIError.generate` for an HTTP status, `APIConnectionError`, `APIConnectionTimeoutError`,
 * `APIUserAbortError`), so `mapOpenAIError` classifies them; a 2xx answer that is not JSON (an HTML page, an
 * event stream, a cut-off body) throws a retryable `LLMCallError` that says what came back.
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
    const parsed = safeParseJSON<ChatCompletion>(answer.text);
    if (parsed.success && typeof parsed.value === 'object' && parsed.value !== null) return parsed.value;
    throw new LLMCallError({
      message: `${url.href} answered HTTP ${answer.status} with ${describeNonJson(answer)} ("${answer.text.slice(0, 80)}"). Check that --base-url is the API root of an OpenAI-compatible server (it usually ends in /v1).`,
      statusCode: answer.status,
      isRetryable: true,
      url: url.href,
      cause: parsed.success ? undefined : parsed.error,
    });
  };
}
