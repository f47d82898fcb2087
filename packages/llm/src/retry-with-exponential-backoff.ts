import { createRng, LLMCallError, type Rng } from '@rlver/spec';

export interface RetryOptions {
  /** Retries after the first try (default 2). */
  maxRetries?: number;
  /** Delay before the first retry in ms (default 2000). */
  initialDelayMs?: number;
  /** Delay multiplier per retry (default 2). */
  backoffFactor?: number;
  /** Full jitter: each delay is uniform in [delay/2, delay] (default true). */
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
}

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

/**
 * Run `operation`, retrying only retryable failures (408, 429, 5xx, timeouts, network) with exponential
 * backoff and jitter; at most `maxRetries` retries, never an endless loop. The last error is rethrown.
 */
export async function retryWithExponentialBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxRetries = options.maxRetries ?? 2;
  const factor = options.backoffFactor ?? 2;
  let rng: Rng | undefined;
  const jitter = () => {
    rng ??= typeof options.rng === 'function' ? options.rng() : (options.rng ?? createRng(0));
    return rng.next();
  };
  const sleep = options.sleep ?? defaultSleep;
  const isRetryable =
    options.isRetryable ?? ((error: unknown) => LLMCallError.isInstance(error) && (error as LLMCallError).isRetryable);
  let delay = options.initialDelayMs ?? 2000;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= maxRetries || !isRetryable(error) || options.signal?.aborted) throw error;
      const wait = options.jitter === false ? delay : delay / 2 + jitter() * (delay / 2);
      await sleep(wait, options.signal);
      delay *= factor;
    }
  }
}
