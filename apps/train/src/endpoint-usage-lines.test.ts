import { describe, expect, it } from 'vitest';
import { describeEndpointUsage } from './endpoint-usage-lines';

describe('describeEndpointUsage', () => {
  it('should write one line per role with requests, tokens and latency', () => {
    const lines = describeEndpointUsage({
      simulator: {
        requests: 120,
        cachedRequests: 3,
        failedRequests: 1,
        promptTokens: 35_210,
        completionTokens: 4120,
        latencyP50Ms: 230,
        latencyP99Ms: 910,
      },
      judge: {
        requests: 0,
        cachedRequests: 5,
        failedRequests: 0,
        promptTokens: 10,
        completionTokens: 2,
        latencyP50Ms: null,
        latencyP99Ms: null,
      },
    });
    expect(lines).toEqual([
      'endpoint simulator: 120 requests (+3 from the cache), 1 failed, tokens in 35k / out 4120, latency p50 230 ms, p99 910 ms',
      'endpoint judge: 0 requests (+5 from the cache), tokens in 10 / out 2, no latency (all cached)',
    ]);
  });
});
