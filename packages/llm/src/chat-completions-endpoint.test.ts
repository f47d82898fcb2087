import { LLMCallError } from '@rlver/spec';
import { startOpenAITestServer } from '@rlver/test-utils';
import { RateLimitError } from 'openai';
import { describe, expect, it } from 'vitest';
import { createChatCompletionsEndpoint } from './chat-completions-endpoint';

describe('createChatCompletionsEndpoint', () => {
  it('should POST the body with the key to <baseURL>/chat/completions and return the parsed completion', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'hello' }));
    try {
      const create = createChatCompletionsEndpoint({ baseURL: `${server.baseURL}/`, apiKey: 'k', timeoutMs: 2000 });
      const completion = await create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], seed: 3 });
      expect(completion.choices[0]?.message.content).toBe('hello');
      expect(server.requests[0]?.path).toBe('/v1/chat/completions');
      expect(server.requests[0]?.headers.authorization).toBe('Bearer k');
      expect(server.requests[0]?.body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }], seed: 3 });
    } finally {
      await server.close();
    }
  });

  it("should throw an HTTP status as the openai package's error class, with the server's message", async () => {
    const server = await startOpenAITestServer(() => ({ status: 429 }));
    try {
      const create = createChatCompletionsEndpoint({ baseURL: server.baseURL, apiKey: 'k', timeoutMs: 2000 });
      const error = await create({ model: 'm', messages: [] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).status).toBe(429);
      expect((error as RateLimitError).message).toContain('scripted status 429');
    } finally {
      await server.close();
    }
  });

  it('should reject a 2xx answer that is not JSON with a retryable error that says what came back and names the base URL', async () => {
    const server = await startOpenAITestServer(() => ({ rawBody: '<html>not an API</html>' }));
    try {
      const create = createChatCompletionsEndpoint({ baseURL: server.baseURL, apiKey: 'k', timeoutMs: 2000 });
      const error = await create({ model: 'm', messages: [] }).catch((caught: unknown) => caught);
      expect(LLMCallError.isInstance(error)).toBe(true);
      expect((error as LLMCallError).isRetryable).toBe(true);
      expect((error as LLMCallError).message).toMatch(/an HTML page instead of JSON.*--base-url/);
    } finally {
      await server.close();
    }
  });
});
