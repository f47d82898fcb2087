import {
  type ConfigSource,
  describeFieldSource,
  describeSchemaFlags,
  type FlagSpec,
  type ParsedFlags,
  readConfigFile,
  schemaCommandFlags,
  schemaFlagOverrides,
} from '@rlver/cli-kit';
import {
  type EndpointRetrySettings,
  type EndpointRole,
  type RoleEndpointSettings,
  roleEndpointSettingsOf,
} from '@rlver/factories';
import { roleEndpointConfigSchema } from '@rlver/llm';
import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

/** The LLM endpoints of `rlver-eval run`, one block per role it calls (the same block as `rlver-train`'s). */
export const evalEndpointsConfigSchema = z
  .object({
    /** The policy under test (`--policy openai:<model>`). */
    policy: roleEndpointConfigSchema.optional(),
    /** The simulated user (`--simulator openai:<model>`). */
    simulator: roleEndpointConfigSchema.optional(),
    /** The capability judge (`--judge openai:<model>`). */
    judge: roleEndpointConfigSchema.optional(),
  })
  .strict();
export type EvalEndpointsConfig = z.output<typeof evalEndpointsConfigSchema>;

/** A `rlver-eval run --config <file>` (YAML or JSON): the `endpoints` block; other settings are flags. */
export const evalRunConfigFileSchema = z.object({ endpoints: evalEndpointsConfigSchema.optional() }).strict();

const ROLES = ['policy', 'simulator', 'judge'] as const satisfies readonly EndpointRole[];
const SCHEMA_FLAGS = describeSchemaFlags(evalRunConfigFileSchema);

/** `--config` and the generated `--endpoints.<role>.<field>` flags (help text from the schema). */
export const ROLE_ENDPOINT_FLAGS: Record<string, FlagSpec> = {
  config: {
    type: 'string',
    description:
      'YAML/JSON file with an endpoints block (endpoints: {policy|simulator|judge: {baseURL, apiKeyEnv, concurrency, requestsPerMinute, tokensPerMinute, price}}); --endpoints.* flags override it',
  },
  ...schemaCommandFlags(SCHEMA_FLAGS),
};

/** Lines of `rlver-eval run --help` on endpoints per role. */
export const ROLE_ENDPOINT_NOTES = [
  'Endpoints per role: policy, simulator and judge each take their own base URL, key variable (apiKeyEnv: the',
  "variable's NAME, never the key), concurrency, rate limit and price per 1M tokens, as --endpoints.<role>.<field>",
  'flags or an endpoints block in --config. Per-role usage (requests, tokens in/out, latency p50/p99, cost where',
  'a price is given) goes to summary.json (endpoints) and the report.',
];

/** Examples of `rlver-eval run --help` with endpoints per role. */
export const ROLE_ENDPOINT_EXAMPLES = [
  '  rlver-eval run --policy openai:my-model --endpoints.policy.base-url http://127.0.0.1:8000/v1 \\',
  '    --simulator openai:deepseek-chat --endpoints.simulator.base-url https://api.deepseek.com/v1 \\',
  '    --endpoints.simulator.api-key-env DEEPSEEK_API_KEY --endpoints.simulator.price.input-per-million 0.27 \\',
  '    --endpoints.simulator.price.output-per-million 1.1 --endpoints.simulator.concurrency 16',
  '  rlver-eval run --config eval-endpoints.yaml --policy openai:my-model --simulator openai:deepseek-chat',
];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `file` refined by `flags`, field by field at every depth. */
function mergeDeep(file: Record<string, unknown>, flags: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...file };
  for (const [key, value] of Object.entries(flags)) {
    const base = merged[key];
    merged[key] = isPlainObject(value) && isPlainObject(base) ? mergeDeep(base, value) : value;
  }
  return merged;
}

/**
 * The endpoint block of the run from `--config` and the `--endpoints.*` flags (flags win), validated; each error
 * names the flag or the file and line, and what to change.
 */
export function resolveEvalEndpoints(flags: ParsedFlags): EvalEndpointsConfig {
  const configFile = typeof flags.config === 'string' ? flags.config : undefined;
  const fromFile: { values: Record<string, unknown>; source: ConfigSource } = configFile
    ? readConfigFile(configFile)
    : { values: {}, source: { lines: new Map() } };
  const { overrides, flagNames } = schemaFlagOverrides(flags, SCHEMA_FLAGS);
  const parsed = evalRunConfigFileSchema.safeParse(mergeDeep(fromFile.values, overrides));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
      const where = describeFieldSource(path.map(String).join('.'), fromFile.source, flagNames);
      const hint =
        issue.code === 'unrecognized_keys'
          ? ` (known: ${issue.path.length === 0 ? 'endpoints; give other settings as flags' : issue.path.length === 1 ? ROLES.join(', ') : Object.keys(roleEndpointConfigSchema.shape).join(', ')})`
          : '';
      return `${where}: ${issue.message}${hint}`;
    });
    throw new InvalidConfigError({
      message: `invalid endpoint settings:\n${problems.join('\n')}`,
      cause: parsed.error,
    });
  }
  return parsed.data.endpoints ?? {};
}

/** Each role's settings for the endpoint factory: its block and its retry budgets (`--<role>-timeout-ms`, …). */
export function roleSettingsOf(
  endpoints: EvalEndpointsConfig,
  retries: Partial<Record<EndpointRole, EndpointRetrySettings>>,
): Partial<Record<EndpointRole, RoleEndpointSettings>> {
  return Object.fromEntries(ROLES.map((role) => [role, roleEndpointSettingsOf(endpoints[role], retries[role])]));
}
