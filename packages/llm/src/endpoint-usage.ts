import { z } from 'zod';

/** Price of one endpoint per million tokens, in any one currency (the cost is in the same currency). */
export const usagePriceSchema = z
  .object({
    /** Price per 1M prompt (input) tokens. */
    inputPerMillion: z.number().nonnegative().describe('Price per 1M input (prompt) tokens, e.g. 0.15.'),
    /** Price per 1M completion (output) tokens. */
    outputPerMillion: z.number().nonnegative().describe('Price per 1M output (completion) tokens, e.g. 0.6.'),
  })
  .strict();
export type UsagePrice = z.output<typeof usagePriceSchema>;

/** Cost and latency of one endpoint role over a run (`summary.json` → `endpoints.<role>`). */
export const endpointUsageSchema = z.object({
  /** Calls answered by the server (cache hits excluded). */
  requests: z.number().int(),
  /** Calls answered from the record/replay cache. */
  cachedRequests: z.number().int(),
  /** Calls that failed after their retries. */
  failedRequests: z.number().int(),
  /** Prompt tokens of every answered call, cache hits included. */
  promptTokens: z.number().int(),
  /** Completion tokens of every answered call, cache hits included. */
  completionTokens: z.number().int(),
  /** Latency of answered calls, retries and rate-limit waits included (ms); null before the first. */
  latencyP50Ms: z.number().nullable(),
  latencyP99Ms: z.number().nullable(),
  /** Cost of the calls the server answered (cache hits are free) at the role's price; absent without a price. */
  cost: z.number().optional(),
});
export type EndpointUsage = z.output<typeof endpointUsageSchema>;

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

/** A usage meter; with `price`, its summary carries the cost of the tokens the server answered. */
export function createUsageMeter(options: { price?: UsagePrice } = {}): UsageMeter {
  const latencies: number[] = [];
  const usage = { requests: 0, cachedRequests: 0, failedRequests: 0, promptTokens: 0, completionTokens: 0 };
  const billed = { promptTokens: 0, completionTokens: 0 };
  return {
    record(call) {
      if (call.cached) usage.cachedRequests += 1;
      else {
        usage.requests += 1;
        latencies.push(call.latencyMs);
        billed.promptTokens += call.promptTokens ?? 0;
        billed.completionTokens += call.completionTokens ?? 0;
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
      const price = options.price;
      const cost = price
        ? (billed.promptTokens * price.inputPerMillion + billed.completionTokens * price.outputPerMillion) / 1e6
        : undefined;
      return {
        ...usage,
        latencyP50Ms: round(quantile(sorted, 0.5)),
        latencyP99Ms: round(quantile(sorted, 0.99)),
        ...(cost === undefined ? {} : { cost: Number(cost.toPrecision(6)) }),
      };
    },
  };
}
