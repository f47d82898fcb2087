import { describe, expect, it } from 'vitest';
import { createUsageMeter } from './endpoint-usage';
import { describeEndpointUsage } from './format-endpoint-usage';

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
        cost: 0.0077541,
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
      'endpoint simulator: 120 requests (+3 from the cache), 1 failed, tokens in 35k / out 4120, latency p50 230 ms, p99 910 ms, cost 0.007754',
      'endpoint judge: 0 requests (+5 from the cache), tokens in 10 / out 2, no latency (all cached)',
    ]);
  });
});

describe('createUsageMeter', () => {
  it('should charge only the calls the server answered, at the price per 1M tokens', () => {
    const meter = createUsageMeter({ price: { inputPerMillion: 0.5, outputPerMillion: 2 } });
    meter.record({ cached: false, promptTokens: 1000, completionTokens: 200, latencyMs: 30 });
    meter.record({ cached: false, promptTokens: 3000, completionTokens: 100, latencyMs: 10 });
    meter.record({ cached: true, promptTokens: 5000, completionTokens: 500, latencyMs: 0 });
    const usage = meter.summary();
    // (4000 × 0.5 + 300 × 2) / 1e6: the cached call's 5000 + 500 tokens are counted but not charged.
    expect(usage.cost).toBeCloseTo(0.0026, 10);
    expect(usage).toMatchObject({ requests: 2, cachedRequests: 1, promptTokens: 9000, completionTokens: 800 });
    expect(createUsageMeter().summary()).not.toHaveProperty('cost');
  });
});
