import { faultResponse, startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createEndpointFactory } from './create-endpoints';

describe('createEndpointFactory', () => {
  it('should give each endpoint role its own timeout and retry budget, and report identities without keys', async () => {
    const server = await startOpenAITestServer((request) =>
      request.body.model === 'sim' ? faultResponse('stall') : faultResponse('server-error'),
    );
    try {
      const endpoints = createEndpointFactory({
        baseURL: server.baseURL,
        cacheMode: 'off',
        cacheDir: 'unused',
        retries: { maxRetries: 0, timeoutMs: 5000 },
        roles: { simulator: { timeoutMs: 100, maxRetries: 1, initialDelayMs: 1 } },
      });
      const simulator = endpoints.clientFor('--simulator', 'openai:sim');
      const policy = endpoints.clientFor('--policy', 'openai:pol');
      const messages = [{ role: 'user' as const, content: 'x' }];
      await expect(simulator?.complete({ messages })).rejects.toThrow(/timed out after 100 ms/);
      await expect(policy?.complete({ messages })).rejects.toThrow(/HTTP 500/);
      expect(server.requests.filter((request) => request.body.model === 'sim')).toHaveLength(2);
      expect(server.requests.filter((request) => request.body.model === 'pol')).toHaveLength(1);
      expect(endpoints.identities()).toEqual({
        simulator: { baseURL: server.baseURL, model: 'sim' },
        policy: { baseURL: server.baseURL, model: 'pol' },
      });
    } finally {
      await server.close();
    }
  });
});
