import { join } from 'node:path';
import {
  type CacheMode,
  type ChatClient,
  createFileCache,
  createOpenAIChatClient,
  type LlmCache,
  parseOpenAIModelFlag,
} from '@rlver/llm';
import { type EndpointIdentity, InvalidConfigError } from '@rlver/spec';
import { probeOpenAIEndpoint } from './probe-endpoint';

/** Role of an endpoint, from the flag that asked for it (`--simulator` → `simulator`). */
export type EndpointRole = 'policy' | 'simulator' | 'judge' | 'tagger';

/** Timeout and retry budgets of one endpoint (each optional: the chat client's defaults apply). */
export interface EndpointRetrySettings {
  /** Per-call limit in ms (client default 120000). */
  timeoutMs?: number;
  /** Retries of 5xx, timeouts, network failures and malformed answers (client default 2). */
  maxRetries?: number;
  /** Retries of HTTP 429 (client default 6). */
  maxRateLimitRetries?: number;
  /** Longest `Retry-After` wait honoured, in ms (client default 60000). */
  maxRetryAfterMs?: number;
  /** First backoff delay in ms (client default 2000). */
  initialDelayMs?: number;
}

export interface EndpointSettings {
  baseURL: string | undefined;
  cacheMode: CacheMode;
  cacheDir: string;
  /** Budgets of every endpoint; `roles` refine them per role. */
  retries?: EndpointRetrySettings;
  roles?: Partial<Record<EndpointRole, EndpointRetrySettings>>;
}

const roleOf = (flag: string): EndpointRole | undefined => {
  const name = flag.replace(/^--/, '');
  return name === 'policy' || name === 'simulator' || name === 'judge' || name === 'tagger' ? name : undefined;
};

/** Drop undefined fields, so that a role's unset fields keep the shared value. */
const defined = (settings: EndpointRetrySettings | undefined): EndpointRetrySettings =>
  Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined));

/** Builds chat clients for `openai:<model>` flags, sharing one record/replay cache, and probes them before the run. */
export interface EndpointFactory {
  /** The client of a flag value (`openai:<model>`), or undefined for other forms. */
  clientFor(flag: string, value: string): ChatClient | undefined;
  /** Probe every endpoint created (skipped in replay mode). Returns warnings. */
  probeAll(): Promise<string[]>;
  /** The endpoints created so far by role: base URL and model (never a key), for the run's identity. */
  identities(): Record<string, EndpointIdentity>;
  readonly cache: LlmCache | undefined;
}

export function createEndpointFactory(settings: EndpointSettings): EndpointFactory {
  const cache =
    settings.cacheMode === 'off'
      ? undefined
      : createFileCache({ directory: settings.cacheDir, mode: settings.cacheMode });
  const probes: Array<{ flag: string; model: string; baseURL: string }> = [];
  return {
    cache,
    clientFor(flag, value) {
      if (!value.startsWith('openai:')) return undefined;
      const model = parseOpenAIModelFlag(value);
      if (!model) {
        throw new InvalidConfigError({
          field: flag,
          message: `${flag} "${value}" names no model; write e.g. ${flag} openai:gpt-4o-mini`,
        });
      }
      const role = roleOf(flag);
      const retries = { ...defined(settings.retries), ...defined(role ? settings.roles?.[role] : undefined) };
      const client = createOpenAIChatClient({ model, baseURL: settings.baseURL, cache, ...retries });
      probes.push({ flag, model, baseURL: client.baseURL });
      return client;
    },
    identities() {
      return Object.fromEntries(
        probes.map((probe) => [roleOf(probe.flag) ?? probe.flag, { baseURL: probe.baseURL, model: probe.model }]),
      );
    },
    async probeAll() {
      if (settings.cacheMode === 'read') return [];
      const warnings: string[] = [];
      for (const probe of probes) warnings.push(...(await probeOpenAIEndpoint(probe)));
      return warnings;
    },
  };
}

/** Default cache folder of a run. */
export function defaultCacheDir(outDir: string): string {
  return join(outDir, 'llm-cache');
}
