import type { ChatClient, ChatCompletionRequest } from './chat-client';
import type { UsageMeter } from './endpoint-usage';
import { createTokenBucketLimiter, type RateLimit } from './token-bucket';

export interface EndpointLimits {
  /** Calls in flight at once (default: unlimited). */
  concurrency?: number;
  /** Client-side token-bucket rate limit. */
  rateLimit?: RateLimit;
  /** Where each call's tokens and latency are counted. */
  meter?: UsageMeter;
}

/** The tokens a request may use, before it is sent: prompt characters / 4 plus its completion budget. */
export function estimateRequestTokens(request: ChatCompletionRequest): number {
  const characters = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return Math.ceil(characters / 4) + (request.maxTokens ?? 0);
}

/**
 * A chat client that holds at most `concurrency` calls in flight, starts them within the rate limit, and counts
 * their tokens and latency (queueing included) in `meter`. Retries and `Retry-After` stay the inner client's.
 */
export function withEndpointLimits(client: ChatClient, limits: EndpointLimits): ChatClient {
  const limiter = limits.rateLimit ? createTokenBucketLimiter(limits.rateLimit) : undefined;
  const slots = limits.concurrency ?? Number.POSITIVE_INFINITY;
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const enter = (): Promise<void> => {
    if (inFlight < slots) {
      inFlight += 1;
      return Promise.resolve();
    }
    // A leaving call hands its slot over: inFlight stays counted.
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  return {
    model: client.model,
    baseURL: client.baseURL,
    callCount: () => client.callCount(),
    async complete(request) {
      const started = performance.now();
      await enter();
      try {
        await limiter?.acquire(estimateRequestTokens(request), request.signal);
        const result = await client.complete(request);
        limits.meter?.record({ ...result, latencyMs: performance.now() - started });
        return result;
      } catch (error) {
        limits.meter?.recordFailure();
        throw error;
      } finally {
        leave();
      }
    },
  };
}
