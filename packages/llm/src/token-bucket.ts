import { defaultSleep } from './retry-with-exponential-backoff';

/** A client-side rate limit: requests and (estimated) tokens per minute, each optional. */
export interface RateLimit {
  /** Requests started per minute (a bucket of this many, refilled continuously). */
  requestsPerMinute?: number;
  /** Prompt + completion tokens per minute (estimated before the call: prompt characters / 4 + maxTokens). */
  tokensPerMinute?: number;
}

/** Waits until a request of `tokens` tokens may start. */
export interface TokenBucketLimiter {
  acquire(tokens: number, signal?: AbortSignal): Promise<void>;
}

interface Bucket {
  capacity: number;
  level: number;
  perMs: number;
}

/**
 * Token buckets (one per limit) holding one second of budget (limit / 60, at least one request), full at the
 * start and refilled at limit / 60 000 per ms. A request waits until the request bucket holds one and the token
 * bucket holds its size (or is full, for a request larger than the bucket), then takes them; the token bucket may
 * go below zero, so later requests wait for what a large one used. Requests start in arrival order.
 */
export function createTokenBucketLimiter(
  limit: RateLimit,
  clock: { now?: () => number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> } = {},
): TokenBucketLimiter {
  const now = clock.now ?? (() => performance.now());
  const sleep = clock.sleep ?? defaultSleep;
  const bucket = (perMinute: number | undefined, least: number): Bucket | undefined => {
    if (perMinute === undefined) return undefined;
    const capacity = Math.max(least, perMinute / 60);
    return { capacity, level: capacity, perMs: perMinute / 60_000 };
  };
  const requests = bucket(limit.requestsPerMinute, 1);
  const tokens = bucket(limit.tokensPerMinute, 0);
  let last = now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const time = now();
    for (const item of [requests, tokens]) {
      if (item) item.level = Math.min(item.capacity, item.level + (time - last) * item.perMs);
    }
    last = time;
  };
  const waitMs = (item: Bucket | undefined, need: number) =>
    item ? Math.max(0, (Math.min(need, item.capacity) - item.level) / item.perMs) : 0;
  return {
    acquire(size, signal) {
      const turn = queue.then(async () => {
        for (;;) {
          refill();
          const wait = Math.max(waitMs(requests, 1), waitMs(tokens, size));
          if (wait <= 0) break;
          await sleep(Math.ceil(wait), signal);
        }
        if (requests) requests.level -= 1;
        if (tokens) tokens.level -= size;
      });
      queue = turn.catch(() => {});
      return turn;
    },
  };
}
