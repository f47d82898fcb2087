import { join } from 'node:path';
import {
  type CacheMode,
  type ChatClient,
  createFileCache,
  createOpenAIChatClient,
  createUsageMeter,
  defaultBaseURL,
  type EndpointUsage,
  isLoopbackURL,
  type LlmCache,
  parseOpenAIModelFlag,
  type RateLimit,
  type RoleEndpointConfig,
  type UsageMeter,
  type UsagePrice,
  withEndpointLimits,
} from '@rlver/llm';
import { type EndpointIdentity, InvalidConfigError, MissingAPIKeyError } from '@rlver/spec';
import { type ProbeEndpointOptions, probeOpenAIEndpoint } from './probe-endpoint';

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

/** Where one role's calls go and how fast (each optional: the shared settings and OPENAI_* variables apply). */
export interface RoleEndpointSettings extends EndpointRetrySettings {
  /** Base URL of this role's server (default: the shared `baseURL`, else `OPENAI_BASE_URL`, else OpenAI). */
  baseURL?: string;
  /** NAME of the environment variable holding this role's API key (default `OPENAI_API_KEY`); never the key. */
  apiKeyEnv?: string;
  /** Calls of this role in flight at once (default: unlimited). */
  concurrency?: number;
  /** Client-side token-bucket rate limit of this role. */
  rateLimit?: RateLimit;
  /** Price per 1M tokens: this role's usage then carries its cost. */
  price?: UsagePrice;
}

/** The settings of a role's config block (`endpoints.<role>` of a config file or flags) with its retry budgets. */
export function roleEndpointSettingsOf(
  config: RoleEndpointConfig | undefined,
  retries: EndpointRetrySettings = {},
): RoleEndpointSettings {
  const { requestsPerMinute, tokensPerMinute, ...where } = config ?? {};
  const limited = requestsPerMinute !== undefined || tokensPerMinute !== undefined;
  return { ...retries, ...where, ...(limited ? { rateLimit: { requestsPerMinute, tokensPerMinute } } : {}) };
}

export interface EndpointSettings {
  baseURL: string | undefined;
  cacheMode: CacheMode;
  cacheDir: string;
  /** Budgets of every endpoint; `roles` refine them per role. */
  retries?: EndpointRetrySettings;
  roles?: Partial<Record<EndpointRole, RoleEndpointSettings>>;
}

const ROLE_ORDER: readonly EndpointRole[] = ['policy', 'simulator', 'judge', 'tagger'];

const roleOf = (flag: string): EndpointRole | undefined => {
  const name = flag.replace(/^--/, '');
  return name === 'policy' || name === 'simulator' || name === 'judge' || name === 'tagger' ? name : undefined;
};

/** The retry fields of a role's settings without undefined ones, so that unset fields keep the shared value. */
const defined = (settings: EndpointRetrySettings | undefined): EndpointRetrySettings => {
  const { timeoutMs, maxRetries, maxRateLimitRetries, maxRetryAfterMs, initialDelayMs } = settings ?? {};
  const retries = { timeoutMs, maxRetries, maxRateLimitRetries, maxRetryAfterMs, initialDelayMs };
  return Object.fromEntries(Object.entries(retries).filter(([, value]) => value !== undefined));
};

/** The API key of a role: from the variable it names (which must be set unless the server is loopback). */
function apiKeyOf(role: EndpointRole | undefined, settings: RoleEndpointSettings | undefined, baseURL: string) {
  if (!settings?.apiKeyEnv) return undefined;
  const key = process.env[settings.apiKeyEnv];
  if (key) return key;
  if (isLoopbackURL(baseURL)) return 'local';
  throw new MissingAPIKeyError({
    variableName: settings.apiKeyEnv,
    message: `endpoints.${role}.apiKeyEnv names ${settings.apiKeyEnv}, which is not set: export ${settings.apiKeyEnv}=<key> for ${baseURL} (the config holds the variable's name, never the key)`,
  });
}

/** Builds chat clients for `openai:<model>` flags, sharing one record/replay cache, and probes them before the run. */
export interface EndpointFactory {
  /** The client of a flag value (`openai:<model>`), or undefined for other forms. */
  clientFor(flag: string, value: string): ChatClient | undefined;
  /** Probe every endpoint created (skipped in replay mode). Returns warnings. */
  probeAll(): Promise<string[]>;
  /** The endpoints created so far by role: base URL and model (never a key), for the run's identity. */
  identities(): Record<string, EndpointIdentity>;
  /** Requests, tokens in/out, latency p50/p99 (and cost, where the role has a price) of each role's calls so far. */
  usage(): Record<string, EndpointUsage>;
  readonly cache: LlmCache | undefined;
}

export function createEndpointFactory(settings: EndpointSettings): EndpointFactory {
  const cache =
    settings.cacheMode === 'off'
      ? undefined
      : createFileCache({ directory: settings.cacheDir, mode: settings.cacheMode });
  const probes: ProbeEndpointOptions[] = [];
  const meters = new Map<string, UsageMeter>();
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
      const own = role ? settings.roles?.[role] : undefined;
      const retries = { ...defined(settings.retries), ...defined(own) };
      const baseURL = own?.baseURL ?? settings.baseURL;
      const apiKey = apiKeyOf(role, own, baseURL ?? defaultBaseURL());
      const client = createOpenAIChatClient({ model, baseURL, cache, ...retries, ...(apiKey ? { apiKey } : {}) });
      // Two agents on one endpoint (the training and the benchmark user) need one probe.
      if (!probes.some((probe) => probe.flag === flag && probe.model === model && probe.baseURL === client.baseURL)) {
        probes.push({
          flag,
          model,
          baseURL: client.baseURL,
          ...(apiKey ? { apiKey } : {}),
          ...(own?.baseURL ? { baseURLSetting: `endpoints.${role}.baseURL` } : {}),
          ...(own?.apiKeyEnv ? { apiKeyVariable: own.apiKeyEnv } : {}),
        });
      }
      const name = role ?? flag;
      const meter = meters.get(name) ?? createUsageMeter({ price: own?.price });
      meters.set(name, meter);
      return withEndpointLimits(client, { concurrency: own?.concurrency, rateLimit: own?.rateLimit, meter });
    },
    identities() {
      return Object.fromEntries(
        probes.map((probe) => [roleOf(probe.flag) ?? probe.flag, { baseURL: probe.baseURL, model: probe.model }]),
      );
    },
    usage() {
      // In role order (policy, simulator, judge, tagger), whatever order the clients were made in.
      const rank = (name: string) => {
        const index = ROLE_ORDER.indexOf(name as EndpointRole);
        return index === -1 ? ROLE_ORDER.length : index;
      };
      const names = [...meters.keys()].sort((a, b) => rank(a) - rank(b));
      return Object.fromEntries(names.map((name) => [name, (meters.get(name) as UsageMeter).summary()]));
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
