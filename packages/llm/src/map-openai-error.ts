import { LLMCallError } from '@rlver/spec';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

/** Map anything the `openai` client throws to an `LLMCallError` with `statusCode` and `isRetryable`. */
export function mapOpenAIError(error: unknown, url: string): LLMCallError {
  if (LLMCallError.isInstance(error)) return error as LLMCallError;
  if (error instanceof APIConnectionTimeoutError || isTimeout(error)) {
    return new LLMCallError({ message: `LLM call to ${url} timed out`, isRetryable: true, url, cause: error });
  }
  if (error instanceof APIUserAbortError) {
    return new LLMCallError({ message: `LLM call to ${url} was aborted`, isRetryable: false, url, cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new LLMCallError({
      message: `cannot reach ${url}: ${error.message}. Check --base-url and that the server is running.`,
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
          : '';
    return new LLMCallError({
      message: `LLM call to ${url} failed with HTTP ${statusCode ?? '?'}: ${error.message}.${hint}`,
      statusCode,
      isRetryable,
      url,
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LLMCallError({ message: `LLM call to ${url} failed: ${message}`, isRetryable: false, url, cause: error });
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' || (error.name === 'AbortError' && /timeout/i.test(error.message)))
  );
}
