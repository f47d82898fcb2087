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
import { type RoleEndpointConfig, roleEndpointConfigSchema } from '@rlver/llm';
import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

/** The endpoint block of one command: one optional `roleEndpointConfigSchema` block per role it calls. */
export type RoleEndpointsConfig<Role extends EndpointRole> = Partial<Record<Role, RoleEndpointConfig>>;

/** `--config` and `--endpoints.<role>.<field>` flags of a command, and how to read them back. */
export interface RoleEndpointOptions<Role extends EndpointRole> {
  /** The roles the command calls, in order. */
  readonly roles: readonly Role[];
  /** `--config` and the flags generated from the schema (help text from the schema). */
  readonly flags: Record<string, FlagSpec>;
  /** The `--config` file (flags win, field by field), validated; errors name the flag or file line. */
  resolve(flags: ParsedFlags): RoleEndpointsConfig<Role>;
}

/**
 * Per-role endpoint flags for a command calling `roles`: the block of `@rlver/llm`'s `roleEndpointConfigSchema`
 * per role as `--endpoints.<role>.<field>` flags (generated, never a hand-kept table) and an `endpoints:` block in
 * a `--config` YAML/JSON file. Unset fields fall back to `--base-url`, `OPENAI_BASE_URL` and `OPENAI_API_KEY`.
 */
export function roleEndpointOptions<Role extends EndpointRole>(roles: readonly Role[]): RoleEndpointOptions<Role> {
  const shape = Object.fromEntries(roles.map((role) => [role, roleEndpointConfigSchema.optional()]));
  const fileSchema = z.object({ endpoints: z.object(shape).strict().optional() }).strict();
  const schemaFlags = describeSchemaFlags(fileSchema);
  const block = roles.join('|');
  return {
    roles,
    flags: {
      config: {
        type: 'string',
        description: `YAML/JSON file with an endpoints block (endpoints: {${block}: {baseURL, apiKeyEnv, concurrency, requestsPerMinute, tokensPerMinute, price}}); --endpoints.* flags override it`,
      },
      ...schemaCommandFlags(schemaFlags),
    },
    resolve(flags) {
      const configFile = typeof flags.config === 'string' ? flags.config : undefined;
      const fromFile: { values: Record<string, unknown>; source: ConfigSource } = configFile
        ? readConfigFile(configFile)
        : { values: {}, source: { lines: new Map() } };
      const { overrides, flagNames } = schemaFlagOverrides(flags, schemaFlags);
      const parsed = fileSchema.safeParse(mergeDeep(fromFile.values, overrides));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => {
          const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
          const where = describeFieldSource(path.map(String).join('.'), fromFile.source, flagNames);
          const hint =
            issue.code === 'unrecognized_keys'
              ? ` (known: ${issue.path.length === 0 ? 'endpoints; give other settings as flags' : issue.path.length === 1 ? roles.join(', ') : Object.keys(roleEndpointConfigSchema.shape).join(', ')})`
              : '';
          return `${where}: ${issue.message}${hint}`;
        });
        throw new InvalidConfigError({
          message: `invalid endpoint settings:\n${problems.join('\n')}`,
          cause: parsed.error,
        });
      }
      return (parsed.data.endpoints ?? {}) as RoleEndpointsConfig<Role>;
    },
  };
}

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

/** Lines of a command's `--help` on its endpoints per role, and where its usage lines go. */
export function roleEndpointNotes(roles: readonly EndpointRole[], usageGoesTo: string): string[] {
  return [
    `Endpoints per role (${roles.join(', ')}): each takes its own base URL, key variable (apiKeyEnv: the variable's`,
    'NAME, never the key), concurrency, rate limit and price per 1M tokens, as --endpoints.<role>.<field> flags or an',
    'endpoints block in --config (flags win). Unset fields fall back to --base-url, $OPENAI_BASE_URL, $OPENAI_API_KEY.',
    'Usage per role (requests, tokens in/out, latency p50/p99, cost where a price is given):',
    `${usageGoesTo}.`,
  ];
}

/** The roles `rlver-eval run` calls. */
export const RUN_ROLES = ['policy', 'simulator', 'judge'] as const satisfies readonly EndpointRole[];

/** The LLM endpoints of `rlver-eval run`: one block per role it calls (the same block as `rlver-train`'s). */
export type EvalEndpointsConfig = RoleEndpointsConfig<(typeof RUN_ROLES)[number]>;
const RUN_OPTIONS = roleEndpointOptions(RUN_ROLES);

/** `--config` and the generated `--endpoints.<role>.<field>` flags of `rlver-eval run` (help text from the schema). */
export const ROLE_ENDPOINT_FLAGS: Record<string, FlagSpec> = RUN_OPTIONS.flags;

/** Lines of `rlver-eval run --help` on endpoints per role. */
export const ROLE_ENDPOINT_NOTES = roleEndpointNotes(
  RUN_ROLES,
  'in the closing lines, summary.json (endpoints) and the report',
);

/** Examples of `rlver-eval run --help` with endpoints per role. */
export const ROLE_ENDPOINT_EXAMPLES = [
  '  rlver-eval run --policy openai:my-model --endpoints.policy.base-url http://127.0.0.1:8000/v1 \\',
  '    --simulator openai:deepseek-chat --endpoints.simulator.base-url https://api.deepseek.com/v1 \\',
  '    --endpoints.simulator.api-key-env DEEPSEEK_API_KEY --endpoints.simulator.price.input-per-million 0.27 \\',
  '    --endpoints.simulator.price.output-per-million 1.1 --endpoints.simulator.concurrency 16',
  '  rlver-eval run --config eval-endpoints.yaml --policy openai:my-model --simulator openai:deepseek-chat',
];

/**
 * The endpoint block of the run from `--config` and the `--endpoints.*` flags (flags win), validated; each error
 * names the flag or the file and line, and what to change.
 */
export function resolveEvalEndpoints(flags: ParsedFlags): EvalEndpointsConfig {
  return RUN_OPTIONS.resolve(flags);
}

/** Each role's settings for the endpoint factory: its block and its retry budgets (`--<role>-timeout-ms`, …). */
export function roleSettingsOf<Role extends EndpointRole>(
  roles: readonly Role[],
  endpoints: RoleEndpointsConfig<Role>,
  retries: Partial<Record<Role, EndpointRetrySettings>> = {},
): Partial<Record<Role, RoleEndpointSettings>> {
  return Object.fromEntries(
    roles.map((role) => [role, roleEndpointSettingsOf(endpoints[role], retries[role])]),
  ) as Partial<Record<Role, RoleEndpointSettings>>;
}
