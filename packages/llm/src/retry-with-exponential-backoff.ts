import { createRng, LLMCallError, type Rng } from '@rlver/spec';

export interface RetryOptions {
  /** Retries of retryable failures other than rate limits (5xx, timeouts, network, malformed answers); default 2. */
  maxRetries?: number;
  /** Retries of rate limits (HTTP 429), counted apart: a rate limit passes, so it is retried longer (default 6). */
  maxRateLimitRetries?: number;
  /** Delay before the first retry in ms (default 2000). */
  initialDelayMs?: number;
  /** Delay multiplier per retry (default 2). */
  backoffFactor?: number;
  /** Longest backoff delay in ms (default 60000). */
  maxDelayMs?: number;
  /** Longest wait a server's `Retry-After` may ask for, in ms (default 60000); longer asks wait this long. */
  maxRetryAfterMs?: number;
  /** Full jitter: each delay is uniform in [delay/2, delay] (default true). Never applied to `Retry-After`. */
  jitter?: boolean;
  /**
   * Source of jitter randomness (seeded; default seed 0), or a function that makes it, called at the first
   * retry only (for seeds that are costly to derive).
   */
  rng?: Rng | (() => Rng);
  /** Injectable sleep (tests use fake timers). */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Which errors to retry (default: `LLMCallError` with `isRetryable`). */
  isRetryable?: (error: unknown) => boolean;
  /** Which retryable errors are rate limits (default: `LLMCallError` with status 429). */
  isRateLimit?: (error: unknown) => boolean;
}

/** Defaults of {@link RetryOptions}, exported for help texts. */
export const RETRY_DEFAULTS = {
  maxRetries: 2,
  maxRateLimitRetries: 6,
  initialDelayMs: 2000,
  maxDelayMs: 60_000,
  maxRetryAfterMs: 60_000,
} as const;

export function defaultSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const isRetryableLLMCallError = (error: unknown) =>
  LLMCallError.isInstance(error) && (error as LLMCallError).isRetryable;
const isHttp429 = (error: unknown) => LLMCallError.isInstance(error) && (error as LLMCallError).statusCode === 429;
const retryAfterOf = (error: unknown) =>
  LLMCallError.isInstance(error) ? (error as LLMCallError).retryAfterMs : undefined;

/**
 * Run `operation`, retrying only retryable failures (408, 429, 5xx, timeouts, network, malformed answers) with
 * exponential backoff and jitter, or exactly as long as the server's `Retry-After` asks (capped at
 * `maxRetryAfterMs`). Rate limits have their own, larger budget (`maxRateLimitRetries`); at most
 * `maxRetries + maxRateLimitRetries` retries in all, never an endless loop. The last error is rethrown.
 */
export async function retryWithExponentialBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? RETRY_DEFAULTS.maxRetries;
  const maxRateLimitRetries = options.maxRateLimitRetries ?? RETRY_DEFAULTS.maxRateLimitRetries;
  const factor = options.backoffFactor ?? 2;
  const maxDelayMs = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs;
  let rng: Rng | undefined;
  const jitter = () => {
    rng ??= typeof options.rng === 'function' ? options.rng() : (options.rng ?? createRng(0));
    return rng.next();
  };
  const sleep = options.sleep ?? defaultSleep;
  const isRetryable = options.isRetryable ?? isRetryableLLMCallError;
  const isRateLimit = options.isRateLimit ?? isHttp429;
  let delay = options.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs;
  let retries = 0;
  let rateLimitRetries = 0;
  for (let attempt = 0; attempt <= maxRetries + maxRateLimitRetries; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (!isRetryable(error) || options.signal?.aborted) throw error;
      const rateLimited = isRateLimit(error);
      if (rateLimited ? rateLimitRetries >= maxRateLimitRetries : retries >= maxRetries) throw error;
      if (rateLimited) rateLimitRetries += 1;
      else retries += 1;
      const retryAfter = retryAfterOf(error);
      const capped = Math.min(delay, maxDelayMs);
      const wait =
        retryAfter !== undefined
          ? Math.min(retryAfter, maxRetryAfterMs)
          : options.jitter === false
            ? capped
            : capped / 2 + jitter() * (capped / 2);
      await sleep(wait, options.signal);
      delay *= factor;
    }
  }
  // Unreachable: every path of the last attempt returns or throws.
  throw new LLMCallError({ message: 'retry budget exhausted', isRetryable: false });
}
