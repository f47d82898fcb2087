import { LLMCallError } from '@rlver/spec';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** Where an error happened, for its message: the endpoint and, when known, the model. */
function endpointOf(url: string, model: string | undefined): string {
  return model ? `${url} (model ${model})` : url;
}

/**
 * The wait a response asks for before the next try, in ms: `retry-after-ms` (OpenAI), else `Retry-After` as
 * seconds or as an HTTP date. Undefined when absent or unreadable; never negative.
 */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const milliseconds = headers?.get('retry-after-ms');
  if (milliseconds && Number.isFinite(Number(milliseconds))) return Math.max(0, Number(milliseconds));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Map anything the `openai` client throws to an `LLMCallError` with `statusCode`, `isRetryable` and `retryAfterMs`. */
export function mapOpenAIError(error: unknown, url: string, model?: string): LLMCallError {
  if (LLMCallError.isInstance(error)) return error as LLMCallError;
  const where = endpointOf(url, model);
  if (error instanceof APIConnectionTimeoutError || isTimeout(error)) {
    return new LLMCallError({ message: `LLM call to ${where} timed out`, isRetryable: true, url, cause: error });
  }
  if (error instanceof APIUserAbortError) {
    return new LLMCallError({ message: `LLM call to ${where} was aborted`, isRetryable: false, url, cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new LLMCallError({
      message: `cannot reach ${where}: ${error.message}. Check --base-url and that the server is running.`,
      isRetryable: true,
      url,
      cause: error,
    });
  }
  if (error instanceof APIError) {
    const statusCode = error.status;
    const isRetryable =
      statusCode === undefined || statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
    const hint =
      statusCode === 401 || statusCode === 403
        ? ' Check the API key (OPENAI_API_KEY).'
        : statusCode === 404
          ? ' Check the model name and --base-url.'
          : statusCode === 429
            ? ' The endpoint is rate-limiting: lower --concurrency, or raise --max-rate-limit-retries / --max-retry-after-ms.'
            : '';
    return new LLMCallError({
      message: `LLM call to ${where} failed with HTTP ${statusCode ?? '?'}: ${error.message}.${hint}`,
      statusCode,
      isRetryable,
      url,
      retryAfterMs: parseRetryAfter(error.headers),
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LLMCallError({
    message: `LLM call to ${where} failed: ${message}`,
    isRetryable: false,
    url,
    cause: error,
  });
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' || (error.name === 'AbortError' && /timeout/i.test(error.message)))
  );
}
