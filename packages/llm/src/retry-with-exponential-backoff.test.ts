import { LLMCallError } from '@rlver/spec';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryWithExponentialBackoff } from './retry-with-exponential-backoff';

const failure = (statusCode: number, retryAfterMs?: number) =>
  new LLMCallError({ message: `HTTP ${statusCode}`, statusCode, isRetryable: true, retryAfterMs });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Run the retry loop under fake timers; returns the outcome and the virtual time it took. */
async function timed<T>(run: () => Promise<T>) {
  const started = Date.now();
  const outcome = run().then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), elapsedMs: Date.now() - started };
}

describe('retryWithExponentialBackoff', () => {
  it('should keep separate budgets: 429s use maxRateLimitRetries, 5xx use maxRetries', async () => {
    let calls = 0;
    const steady429 = await timed(() =>
      retryWithExponentialBackoff(
        async () => {
          calls += 1;
          throw failure(429, 0);
        },
        { maxRetries: 1, maxRateLimitRetries: 5 },
      ),
    );
    expect(calls).toBe(6);
    expect((steady429.error as LLMCallError).statusCode).toBe(429);
    calls = 0;
    await timed(() =>
      retryWithExponentialBackoff(
        async () => {
          calls += 1;
          throw failure(500);
        },
        { maxRetries: 1, maxRateLimitRetries: 5, initialDelayMs: 10 },
      ),
    );
    expect(calls).toBe(2);
  });

  it('should wait exactly what Retry-After asks, capped at maxRetryAfterMs, without jitter', async () => {
    const answers = [failure(429, 1500), failure(503, 3_600_000), failure(429, 0)];
    const run = await timed(() =>
      retryWithExponentialBackoff(
        async (attempt) => {
          const next = answers[attempt];
          if (next) throw next;
          return 'ok';
        },
        { maxRetryAfterMs: 4000 },
      ),
    );
    expect(run.value).toBe('ok');
    expect(run.elapsedMs).toBe(1500 + 4000 + 0);
  });

  it('should cap exponential backoff at maxDelayMs', async () => {
    const run = await timed(() =>
      retryWithExponentialBackoff(
        async (attempt) => {
          if (attempt < 4) throw failure(500);
          return attempt;
        },
        { maxRetries: 4, initialDelayMs: 1000, maxDelayMs: 3000, jitter: false },
      ),
    );
    expect(run.value).toBe(4);
    expect(run.elapsedMs).toBe(1000 + 2000 + 3000 + 3000);
  });
});
