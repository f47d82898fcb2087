import { type EndpointUsage, formatCost } from '@rlver/llm';
import { escapeHtml } from './escape-html';

/** The LLM usage of one run of a report, by endpoint role. */
export interface ReportUsageSource {
  /** Run name (benchmark label or training run id). */
  label: string;
  /** `benchmark` (an `rlver-eval run` folder) or `training` (an `rlver-train` run: training and its benchmarks). */
  kind: 'benchmark' | 'training';
  usage: Readonly<Record<string, EndpointUsage>>;
}

const count = (value: number) => value.toLocaleString('en-US');
const milliseconds = (value: number | null) => (value === null ? '—' : `${count(value)}`);

/**
 * The "LLM endpoints" section: one row per run and role with requests (answered, from the cache, failed), tokens
 * in/out, latency p50/p99 and cost (where the role had a price), and the total cost of each run. Empty without usage.
 */
export function renderEndpointUsageSection(sources: readonly ReportUsageSource[]): string {
  const withUsage = sources.filter((source) => Object.keys(source.usage).length > 0);
  if (withUsage.length === 0) return '';
  const rows = withUsage.flatMap((source) => {
    const roles = Object.entries(source.usage);
    const priced = roles.filter(([, usage]) => usage.cost !== undefined);
    const total = priced.reduce((sum, [, usage]) => sum + (usage.cost ?? 0), 0);
    const roleRows = roles.map(
      ([role, usage]) =>
        `<tr class="usage-row" data-role="${escapeHtml(role)}"><td>${escapeHtml(source.kind)}</td><td>${escapeHtml(source.label)}</td><td>${escapeHtml(role)}</td><td>${count(usage.requests)}</td><td>${count(usage.cachedRequests)}</td><td>${count(usage.failedRequests)}</td><td>${count(usage.promptTokens)}</td><td>${count(usage.completionTokens)}</td><td>${milliseconds(usage.latencyP50Ms)}</td><td>${milliseconds(usage.latencyP99Ms)}</td><td>${usage.cost === undefined ? '—' : formatCost(usage.cost)}</td></tr>`,
    );
    const totalRow =
      priced.length > 0 && roles.length > 1
        ? [
            `<tr class="usage-total"><td></td><td>${escapeHtml(source.label)}</td><td><strong>all roles</strong></td><td colspan="7"></td><td><strong>${formatCost(total)}</strong></td></tr>`,
          ]
        : [];
    return [...roleRows, ...totalRow];
  });
  return `<section id="endpoint-usage"><h2>LLM endpoints: usage and cost</h2><table class="usage-table"><thead><tr><th>Kind</th><th>Run</th><th>Role</th><th>Requests</th><th>From cache</th><th>Failed</th><th>Tokens in</th><th>Tokens out</th><th>p50 ms</th><th>p99 ms</th><th>Cost</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Per endpoint role (policy, simulated user, judge) as written to summary.json by the run: requests answered by the server, answered from the record/replay cache, and failed after their retries; tokens as the server reported them (cache hits included); latency of answered calls with retries and rate-limit waits. Cost = tokens the server answered × the role's price per 1M tokens (<code>endpoints.&lt;role&gt;.price</code>), in that price's currency; — where no price was given. A benchmark's usage is that of the invocation that wrote its summary (a resumed run counts only its own calls).</p></section>`;
}
