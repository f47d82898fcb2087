import { startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createEndpointFactory, roleEndpointSettingsOf } from './create-endpoints';

const messages = [{ role: 'user' as const, content: 'how are you?' }];

afterEach(() => {
  delete process.env.RLVER_TEST_JUDGE_KEY;
});

describe('endpoints per role', () => {
  it('should send each role to its own server with the key of the variable it names, and count usage per role', async () => {
    const policyServer = await startOpenAITestServer(() => ({ content: 'policy says hi' }));
    const judgeServer = await startOpenAITestServer(() => ({ content: 'score 7', delayMs: 20 }));
    process.env.RLVER_TEST_JUDGE_KEY = 'judge-secret';
    try {
      const endpoints = createEndpointFactory({
        baseURL: policyServer.baseURL,
        cacheMode: 'off',
        cacheDir: 'unused',
        roles: {
          judge: { baseURL: judgeServer.baseURL, apiKeyEnv: 'RLVER_TEST_JUDGE_KEY', concurrency: 1 },
          simulator: { rateLimit: { requestsPerMinute: 6000 } },
        },
      });
      const policy = endpoints.clientFor('--policy', 'openai:pol');
      const simulator = endpoints.clientFor('--simulator', 'openai:sim');
      const judge = endpoints.clientFor('--judge', 'openai:jud');
      await policy?.complete({ messages });
      await simulator?.complete({ messages });
      await Promise.all([judge?.complete({ messages }), judge?.complete({ messages })]);
      expect(policyServer.requests.map((request) => request.body.model)).toEqual(['pol', 'sim']);
      expect(judgeServer.requests.map((request) => request.body.model)).toEqual(['jud', 'jud']);
      expect(judgeServer.requests[0]?.headers.authorization).toBe('Bearer judge-secret');
      expect(judgeServer.maxInFlight()).toBe(1);
      const usage = endpoints.usage();
      expect(Object.keys(usage).sort()).toEqual(['judge', 'policy', 'simulator']);
      expect(usage.judge).toMatchObject({ requests: 2, failedRequests: 0 });
      expect(usage.policy?.requests).toBe(1);
      expect(usage.judge?.completionTokens).toBeGreaterThan(0);
      // Two judge calls one at a time behind a 20 ms server: the slower one waited for the first.
      expect(usage.judge?.latencyP99Ms).toBeGreaterThanOrEqual(35);
      expect(endpoints.identities()).toEqual({
        policy: { baseURL: policyServer.baseURL, model: 'pol' },
        simulator: { baseURL: policyServer.baseURL, model: 'sim' },
        judge: { baseURL: judgeServer.baseURL, model: 'jud' },
      });
    } finally {
      await policyServer.close();
      await judgeServer.close();
    }
  });

  it('should turn a config block into settings (rate limit, price) and charge the role at its price', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'twelve chars' }));
    try {
      const settings = roleEndpointSettingsOf(
        { baseURL: server.baseURL, requestsPerMinute: 6000, price: { inputPerMillion: 2, outputPerMillion: 8 } },
        { maxRetries: 0 },
      );
      expect(settings).toEqual({
        baseURL: server.baseURL,
        maxRetries: 0,
        rateLimit: { requestsPerMinute: 6000, tokensPerMinute: undefined },
        price: { inputPerMillion: 2, outputPerMillion: 8 },
      });
      const endpoints = createEndpointFactory({
        baseURL: server.baseURL,
        cacheMode: 'off',
        cacheDir: 'unused',
        roles: { judge: settings },
      });
      // Made before the policy's client, listed after it: usage comes in role order.
      const judge = endpoints.clientFor('--judge', 'openai:jud');
      const policy = endpoints.clientFor('--policy', 'openai:pol');
      await judge?.complete({ messages });
      await judge?.complete({ messages });
      expect(policy).toBeDefined();
      const usage = endpoints.usage();
      expect(Object.keys(usage)).toEqual(['policy', 'judge']);
      // The test server reports 10 prompt tokens and ceil(12 / 4) = 3 completion tokens per answer.
      expect(usage.judge).toMatchObject({ requests: 2, promptTokens: 20, completionTokens: 6 });
      expect(usage.judge?.cost).toBeCloseTo((20 * 2 + 6 * 8) / 1e6, 12);
      expect(usage.policy).not.toHaveProperty('cost');
    } finally {
      await server.close();
    }
  });

  it('should name the unset key variable of a remote endpoint', () => {
    const endpoints = createEndpointFactory({
      baseURL: undefined,
      cacheMode: 'off',
      cacheDir: 'unused',
      roles: { judge: { baseURL: 'https://judge.example.com/v1', apiKeyEnv: 'RLVER_TEST_JUDGE_KEY' } },
    });
    expect(() => endpoints.clientFor('--judge', 'openai:jud')).toThrow(
      /endpoints\.judge\.apiKeyEnv names RLVER_TEST_JUDGE_KEY, which is not set: export RLVER_TEST_JUDGE_KEY=<key>/,
    );
  });
});
