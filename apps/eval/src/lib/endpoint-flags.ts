import { type CommandSpec, type FlagSpec, numberFlag, type ParsedFlags } from '@rlver/cli-kit';
import type { EndpointRetrySettings, EndpointRole } from '@rlver/factories';

const ROLES = ['policy', 'simulator', 'judge'] as const satisfies readonly EndpointRole[];

/** Flags of `rlver-eval run` for LLM endpoint timeouts, retries and the error share a run may have. */
export const ENDPOINT_FLAGS: CommandSpec['flags'] = {
  'timeout-ms': { type: 'string', description: 'limit of one LLM call, every endpoint (ms)', default: '120000' },
  'max-retries': {
    type: 'string',
    description: 'retries of 5xx, timeouts and malformed answers per LLM call, every endpoint',
    default: '2',
  },
  'max-rate-limit-retries': {
    type: 'string',
    description: 'retries of HTTP 429 (rate limit) per LLM call, every endpoint',
    default: '6',
  },
  'max-retry-after-ms': {
    type: 'string',
    description: 'longest wait a Retry-After header may ask for (ms)',
    default: '60000',
  },
  ...Object.fromEntries(
    ROLES.flatMap((role) => [
      [`${role}-timeout-ms`, { type: 'string', description: `--timeout-ms for the ${role} endpoint only` }],
      [`${role}-max-retries`, { type: 'string', description: `--max-retries for the ${role} endpoint only` }],
    ]),
  ),
  'max-error-fraction': {
    type: 'string',
    description: 'exit with an error when more than this share of dialogues errored (a rerun redoes them)',
    default: '0.1',
  },
};

/** The endpoint settings of the flags above. */
export interface EndpointFlagSettings {
  retries: EndpointRetrySettings;
  roles: Partial<Record<EndpointRole, EndpointRetrySettings>>;
  maxErrorFraction: number;
}

/** Read the flags of {@link ENDPOINT_FLAGS}; a bad value throws `InvalidConfigError` naming the flag. */
export function resolveEndpointFlags(flags: ParsedFlags): EndpointFlagSettings {
  const timeout = (name: string) => numberFlag(flags, name, { min: 1, integer: true });
  const retries = (name: string) => numberFlag(flags, name, { min: 0, max: 100, integer: true });
  return {
    retries: {
      timeoutMs: timeout('timeout-ms'),
      maxRetries: retries('max-retries'),
      maxRateLimitRetries: retries('max-rate-limit-retries'),
      maxRetryAfterMs: numberFlag(flags, 'max-retry-after-ms', { min: 0, integer: true }),
    },
    roles: Object.fromEntries(
      ROLES.map((role) => [
        role,
        { timeoutMs: timeout(`${role}-timeout-ms`), maxRetries: retries(`${role}-max-retries`) },
      ]),
    ),
    maxErrorFraction: numberFlag(flags, 'max-error-fraction', { min: 0, max: 1 }) as number,
  };
}

/** The endpoint flags shared by the commands that build `openai:<model>` clients (`--cache-dir` differs per command). */
export const CONNECTION_FLAGS: Record<'base-url' | 'cache', FlagSpec> = {
  'base-url': {
    type: 'string',
    description:
      'OpenAI-compatible endpoint for openai:<model> (default $OPENAI_BASE_URL, else https://api.openai.com/v1)',
  },
  cache: {
    type: 'string',
    description: 'record/replay LLM calls',
    choices: ['write', 'read', 'off'],
    default: 'off',
  },
};
