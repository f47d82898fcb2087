import { InvalidLLMOutputError, LLMCallError } from '@rlver/spec';
import { type FaultKind, faultResponse, scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createOpenAIChatClient } from './chat-client';

/** A sleep that records how long it was asked to wait and returns at once. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (milliseconds: number) => void waits.push(milliseconds) };
}

const messages = [{ role: 'user' as const, content: 'x' }];

describe('createOpenAIChatClient under faults: rate limits', () => {
  it('should wait what Retry-After asks and retry 429 longer than 5xx', async () => {
    const server = await startOpenAITestServer(
      scriptedContents([{ retryAfter: 1 }, { retryAfter: 1 }, { retryAfter: 1 }, { retryAfter: 1 }, 'ok']),
    );
    try {
      const { waits, sleep } = recordingSleep();
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep, maxRetries: 2 });
      const result = await client.complete({ messages });
      expect(result.text).toBe('ok');
      expect(server.requests).toHaveLength(5);
      expect(waits).toEqual([1000, 1000, 1000, 1000]);
    } finally {
      await server.close();
    }
  });

  it('should cap a long Retry-After at maxRetryAfterMs and read the HTTP-date form', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    const server = await startOpenAITestServer(
      scriptedContents([{ retryAfter: 3600 }, { retryAfter: inTwoSeconds }, 'ok']),
    );
    try {
      const { waits, sleep } = recordingSleep();
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep, maxRetryAfterMs: 5000 });
      expect((await client.complete({ messages })).text).toBe('ok');
      expect(waits[0]).toBe(5000);
      expect(waits[1]).toBeGreaterThan(0);
      expect(waits[1]).toBeLessThanOrEqual(2000);
    } finally {
      await server.close();
    }
  });

  it('should back off on its own from a 429 without Retry-After, on the rate-limit budget', async () => {
    const server = await startOpenAITestServer(
      scriptedContents([...Array.from({ length: 4 }, () => faultResponse('rate-limit-bare')), 'ok']),
    );
    try {
      const { waits, sleep } = recordingSleep();
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep, maxRetries: 0 });
      expect((await client.complete({ messages })).text).toBe('ok');
      expect(server.requests).toHaveLength(5);
      // Exponential backoff with jitter in [delay/2, delay]: 2 s, 4 s, 8 s, 16 s.
      expect(waits).toHaveLength(4);
      for (const [index, wait] of waits.entries()) {
        expect(wait).toBeGreaterThanOrEqual(1000 * 2 ** index);
        expect(wait).toBeLessThanOrEqual(2000 * 2 ** index);
      }
    } finally {
      await server.close();
    }
  });

  it('should give up on a steady 429 after maxRateLimitRetries, naming the status, endpoint and model', async () => {
    const server = await startOpenAITestServer(() => faultResponse('rate-limit'));
    try {
      const { sleep } = recordingSleep();
      const client = createOpenAIChatClient({
        model: 'sim-model',
        baseURL: server.baseURL,
        sleep,
        maxRateLimitRetries: 4,
      });
      const error = await client.complete({ messages }).catch((caught: unknown) => caught);
      expect(LLMCallError.isInstance(error)).toBe(true);
      expect((error as LLMCallError).statusCode).toBe(429);
      expect((error as Error).message).toContain(server.baseURL);
      expect((error as Error).message).toContain('sim-model');
      expect(server.requests).toHaveLength(5);
    } finally {
      await server.close();
    }
  });
});

describe('createOpenAIChatClient under faults: malformed 2xx answers', () => {
  const malformed: FaultKind[] = [
    'malformed-json',
    'html-page',
    'sse-stream',
    'empty-choices',
    'content-null',
    'content-number',
    'stall',
    'stall-mid-body',
    'reset-mid-body',
    'connection-reset',
  ];
  for (const kind of malformed) {
    it(`should retry a ${kind} answer and return the next good one`, async () => {
      const server = await startOpenAITestServer(scriptedContents([faultResponse(kind), 'good answer']));
      try {
        const { sleep } = recordingSleep();
        const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep, timeoutMs: 300 });
        expect((await client.complete({ messages })).text).toBe('good answer');
        expect(server.requests).toHaveLength(2);
      } finally {
        await server.close();
      }
    });
  }

  it('should name the endpoint and the model when every answer is malformed (content: 12345)', async () => {
    const server = await startOpenAITestServer(() => faultResponse('content-number'));
    try {
      const { sleep } = recordingSleep();
      const client = createOpenAIChatClient({ model: 'judge-model', baseURL: server.baseURL, sleep, maxRetries: 2 });
      const error = await client.complete({ messages }).catch((caught: unknown) => caught);
      expect(RlverErrorLike(error)).toBe(true);
      expect((error as Error).message).not.toMatch(/trim is not a function/);
      expect((error as Error).message).toContain('judge-model');
      expect((error as Error).message).toContain(server.baseURL);
      expect((error as Error).message).toMatch(/content/);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('should say an HTML page came back, after retrying it', async () => {
    const server = await startOpenAITestServer(() => faultResponse('html-page'));
    try {
      const { sleep } = recordingSleep();
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep, maxRetries: 1 });
      const error = await client.complete({ messages }).catch((caught: unknown) => caught);
      expect(LLMCallError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/HTML/);
      expect((error as Error).message).toMatch(/--base-url/);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

function RlverErrorLike(error: unknown): boolean {
  return LLMCallError.isInstance(error) || InvalidLLMOutputError.isInstance(error);
}
