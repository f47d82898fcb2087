import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createOpenAIChatClient } from './chat-client';
import { createUsageMeter } from './endpoint-usage';
import { withEndpointLimits } from './limited-chat-client';
import { createTokenBucketLimiter } from './token-bucket';

const ask = (content: string) => ({ messages: [{ role: 'user' as const, content }], maxTokens: 8 });

describe('token bucket', () => {
  it('should start one second of budget at once, then space requests at the rate (fake clock)', async () => {
    let time = 0;
    const starts: number[] = [];
    const limiter = createTokenBucketLimiter(
      { requestsPerMinute: 120 },
      {
        now: () => time,
        sleep: async (ms) => {
          time += ms;
        },
      },
    );
    for (let index = 0; index < 5; index += 1) {
      await limiter.acquire(1);
      starts.push(time);
    }
    // 120 per minute: a burst of 2, then one every 500 ms.
    expect(starts).toEqual([0, 0, 500, 1000, 1500]);
  });

  it('should charge a large request in full, so the next one waits for what it used', async () => {
    let time = 0;
    const limiter = createTokenBucketLimiter(
      { tokensPerMinute: 6000 },
      {
        now: () => time,
        sleep: async (ms) => {
          time += ms;
        },
      },
    );
    await limiter.acquire(300); // bucket of 100 (one second), full: starts, level −200
    expect(time).toBe(0);
    await limiter.acquire(50); // needs level 50: 250 tokens at 0.1 per ms
    expect(time).toBe(2500);
  });
});

describe('withEndpointLimits (loopback OpenAI-protocol server)', () => {
  it('should hold at most `concurrency` calls in flight and count tokens, requests and latency', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'fine', delayMs: 60 }));
    try {
      const meter = createUsageMeter();
      const client = withEndpointLimits(createOpenAIChatClient({ model: 'm', baseURL: server.baseURL }), {
        concurrency: 2,
        meter,
      });
      await Promise.all(Array.from({ length: 6 }, (_, index) => client.complete(ask(`hello ${index}`))));
      expect(server.maxInFlight()).toBe(2);
      const usage = meter.summary();
      expect(usage).toMatchObject({ requests: 6, cachedRequests: 0, failedRequests: 0 });
      // The test server reports usage per answer; the meter sums it.
      expect(usage.promptTokens).toBeGreaterThan(0);
      expect(usage.completionTokens).toBeGreaterThan(0);
      // Three waves of two 60 ms answers: the p99 waited behind two.
      expect(usage.latencyP50Ms).toBeGreaterThanOrEqual(55);
      expect(usage.latencyP99Ms).toBeGreaterThanOrEqual(170);
    } finally {
      await server.close();
    }
  });

  it('should start requests no faster than the rate limit', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'ok' }));
    try {
      const client = withEndpointLimits(createOpenAIChatClient({ model: 'm', baseURL: server.baseURL }), {
        rateLimit: { requestsPerMinute: 1200 },
      });
      const started = performance.now();
      await Promise.all(Array.from({ length: 30 }, (_, index) => client.complete(ask(`q${index}`))));
      // 1200 per minute: a burst of 20, then one every 50 ms for the other 10.
      expect(performance.now() - started).toBeGreaterThanOrEqual(450);
      expect(server.requests).toHaveLength(30);
    } finally {
      await server.close();
    }
  });
});
