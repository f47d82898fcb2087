import { createOpenAIChatClient } from '@rlver/llm';
import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createChatApiPolicy } from './chat-api-policy';

const noSleep = async () => {};

describe('createChatApiPolicy', () => {
  it('should send requests concurrently and return replies in request order', async () => {
    const server = await startOpenAITestServer((request) => {
      const last = request.body.messages?.at(-1)?.content ?? '';
      return {
        content: `re: ${last}`,
        delayMs: last === 'first' ? 80 : 10,
        finishReason: last === 'third' ? 'length' : 'stop',
      };
    });
    try {
      const client = createOpenAIChatClient({ model: 'judge-model', baseURL: server.baseURL, sleep: noSleep });
      const policy = createChatApiPolicy({ client, sampling: { temperature: 0.3, maxNewTokens: 50 } });
      expect(policy.policyId).toBe('openai:judge-model');
      const requests = ['first', 'second', 'third'].map((content) => ({
        messages: [{ role: 'user' as const, content }],
      }));
      const outputs = await policy.doAct({ requests, sampling: { topP: 0.9, seed: 4 } });
      expect(outputs.map((output) => output.text)).toEqual(['re: first', 're: second', 're: third']);
      expect(outputs.map((output) => output.finishReason)).toEqual(['stop', 'stop', 'length']);
      expect(outputs[0]?.tokens).toBeUndefined();
      expect(outputs[0]?.promptTokenCount).toBe(10);
      expect(server.maxInFlight()).toBe(3);
      expect(server.requests[0]?.body).toMatchObject({ temperature: 0.3, top_p: 0.9, max_tokens: 50, seed: 4 });
    } finally {
      await server.close();
    }
  });

  it('should keep at most maxConcurrency requests in flight', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'ok', delayMs: 20 }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep });
      const policy = createChatApiPolicy({ client, maxConcurrency: 2 });
      const requests = Array.from({ length: 6 }, () => ({ messages: [{ role: 'user' as const, content: 'hi' }] }));
      expect(await policy.doAct({ requests })).toHaveLength(6);
      expect(server.maxInFlight()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('should reject the call when a request fails after retries', async () => {
    const server = await startOpenAITestServer(() => ({ status: 500 }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep, maxRetries: 1 });
      const policy = createChatApiPolicy({ client });
      await expect(policy.doAct({ requests: [{ messages: [{ role: 'user', content: 'hi' }] }] })).rejects.toMatchObject(
        {
          name: 'RLVER_LLMCallError',
        },
      );
      expect(() => createChatApiPolicy({ client, maxConcurrency: 0 })).toThrow(/maxConcurrency/);
    } finally {
      await server.close();
    }
  });
});
