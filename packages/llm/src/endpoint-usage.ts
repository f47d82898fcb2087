/** Cost and latency of one endpoint role over a run. */
export interface EndpointUsage {
  /** Calls answered by the server (cache hits excluded). */
  requests: number;
  /** Calls answered from the record/replay cache. */
  cachedRequests: number;
  /** Calls that failed after their retries. */
  failedRequests: number;
  promptTokens: number;
  completionTokens: number;
  /** Latency of answered calls, retries and rate-limit waits included (ms); null before the first. */
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
}

/** Collects the usage of one role's calls. */
export interface UsageMeter {
  record(call: { cached: boolean; promptTokens?: number; completionTokens?: number; latencyMs: number }): void;
  recordFailure(): void;
  summary(): EndpointUsage;
}

/** The q-quantile (nearest rank) of sorted values. */
function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] as number;
}

export function createUsageMeter(): UsageMeter {
  const latencies: number[] = [];
  const usage = { requests: 0, cachedRequests: 0, failedRequests: 0, promptTokens: 0, completionTokens: 0 };
  return {
    record(call) {
      if (call.cached) usage.cachedRequests += 1;
      else {
        usage.requests += 1;
        latencies.push(call.latencyMs);
      }
      usage.promptTokens += call.promptTokens ?? 0;
      usage.completionTokens += call.completionTokens ?? 0;
    },
    recordFailure() {
      usage.failedRequests += 1;
    },
    summary() {
      const sorted = [...latencies].sort((a, b) => a - b);
      const round = (value: number | null) => (value === null ? null : Math.round(value));
      return { ...usage, latencyP50Ms: round(quantile(sorted, 0.5)), latencyP99Ms: round(quantile(sorted, 0.99)) };
    },
  };
}
