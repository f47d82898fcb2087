import type { EndpointUsage } from './endpoint-usage';

const thousands = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(0)}k` : String(value));

/** A cost in the price's currency: 4 significant digits, no exponent. */
export const formatCost = (cost: number) => (cost === 0 ? '0' : cost.toPrecision(4).replace(/\.?0+$/, ''));

/** One line per endpoint role for a run's closing log: requests, tokens in/out, latency p50/p99, cost. */
export function describeEndpointUsage(usage: Readonly<Record<string, EndpointUsage>>): string[] {
  return Object.entries(usage).map(([role, item]) => {
    const cached = item.cachedRequests > 0 ? ` (+${item.cachedRequests} from the cache)` : '';
    const failed = item.failedRequests > 0 ? `, ${item.failedRequests} failed` : '';
    const latency =
      item.latencyP50Ms === null
        ? 'no latency (all cached)'
        : `latency p50 ${item.latencyP50Ms} ms, p99 ${item.latencyP99Ms} ms`;
    const cost = item.cost === undefined ? '' : `, cost ${formatCost(item.cost)}`;
    return `endpoint ${role}: ${item.requests} requests${cached}${failed}, tokens in ${thousands(item.promptTokens)} / out ${thousands(item.completionTokens)}, ${latency}${cost}`;
  });
}
