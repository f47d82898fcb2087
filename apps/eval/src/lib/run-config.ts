import { join } from 'node:path';
import { type CommandSpec, numberFlag, type ParsedFlags } from '@rlver/cli-kit';
import { defaultCacheDir, type EndpointRole, type RoleEndpointSettings } from '@rlver/factories';
import type { CacheMode } from '@rlver/llm';
import type { EmotionPresetName } from '@rlver/simulator';
import { InvalidConfigError, type Language } from '@rlver/spec';
import { CONNECTION_FLAGS, ENDPOINT_FLAGS, type EndpointFlagSettings, resolveEndpointFlags } from './endpoint-flags';
import {
  type EvalEndpointsConfig,
  ROLE_ENDPOINT_EXAMPLES,
  ROLE_ENDPOINT_FLAGS,
  ROLE_ENDPOINT_NOTES,
  RUN_ROLES,
  resolveEvalEndpoints,
  roleSettingsOf,
} from './role-endpoints-config';

export const RUN_SPEC: CommandSpec = {
  usage: 'rlver-eval run [options]',
  summary:
    'Run the Sentient benchmark: every profile talks to the policy under the simulated user; writes results.jsonl, sage-results.jsonl, summary.json and report.html to --out. Rerunning with the same --out resumes.',
  flags: {
    policy: {
      type: 'string',
      description: 'embedded | <checkpoint dir> | openai:<model> | template:<strategy>',
      default: 'embedded',
    },
    simulator: { type: 'string', description: 'offline | openai:<model> (the sentient agent)', default: 'offline' },
    preset: {
      type: 'string',
      description: 'emotion dynamics and stop rules',
      choices: ['sage', 'rlver-train'],
      default: 'sage',
    },
    profiles: { type: 'string', description: 'profile JSONL file (default: the shipped test set of --lang)' },
    lang: { type: 'string', description: 'language of the shipped test set (default zh)', choices: ['zh', 'en'] },
    ids: { type: 'string', description: 'comma-separated profile ids to run (default all)' },
    limit: { type: 'string', description: 'run only the first N profiles' },
    concurrency: { type: 'string', description: 'dialogues in flight at once', default: '8' },
    repeats: { type: 'string', description: 'runs over every profile; the score is mean ± std', default: '1' },
    ...CONNECTION_FLAGS,
    'cache-dir': { type: 'string', description: 'cache folder (default <out>/llm-cache)' },
    judge: {
      type: 'string',
      description: 'openai:<model>: score five capabilities 1–10 (project rubric, not paper parity)',
    },
    seed: { type: 'string', description: 'base seed of every episode', default: '0' },
    think: {
      type: 'boolean',
      description:
        'give the policy the think-then-say system prompt (<think>…</think> is stripped before the user sees the reply)',
    },
    out: { type: 'string', short: 'o', description: 'output directory (default runs/<policy>-<preset>)' },
    ...ENDPOINT_FLAGS,
    ...ROLE_ENDPOINT_FLAGS,
  },
  details: [
    'API keys: set OPENAI_API_KEY for remote endpoints; loopback URLs (127.0.0.1, localhost) need none.',
    ...ROLE_ENDPOINT_NOTES,
    'Endpoints are probed before any episode starts; Ctrl-C stops cleanly and the same command resumes.',
    'Errored dialogues are never final: rerunning the same command redoes them. Rerunning into an --out written',
    'with another --preset, --seed, --think, policy, simulator or endpoint is refused (results never mix).',
    'LLM calls honour Retry-After (429) and retry malformed answers (HTML, event streams, empty choices).',
    '',
    'Examples:',
    '  rlver-eval run --policy template:deep_empathy --lang en --limit 10',
    '  rlver-eval run --policy openai:gpt-4o-mini --simulator openai:deepseek-chat --base-url http://127.0.0.1:8000/v1 --cache write',
    ...ROLE_ENDPOINT_EXAMPLES,
  ].join('\n'),
};

/** Validated settings of `rlver-eval run`. */
export interface RunConfig extends EndpointFlagSettings {
  policy: string;
  simulator: string;
  preset: EmotionPresetName;
  profilesFile: string | undefined;
  lang: Language;
  ids: string[] | undefined;
  limit: number | undefined;
  concurrency: number;
  repeats: number;
  baseURL: string | undefined;
  cacheMode: CacheMode;
  cacheDir: string;
  judge: string | undefined;
  seed: number;
  think: boolean;
  outDir: string;
  /** The endpoint block as given (`--config`, `--endpoints.*`): recorded in the summary's settings. */
  endpoints: EvalEndpointsConfig;
  /** Each role's endpoint settings: its block and its retry budgets. */
  roles: Partial<Record<EndpointRole, RoleEndpointSettings>>;
}

function slug(value: string): string {
  return (
    value
      .replace(/^.*[\\/](?=[^\\/]+[\\/]?$)/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'run'
  );
}

/** Turn parsed flags into a run config; every bad value throws `InvalidConfigError` naming the flag. */
export function resolveRunConfig(flags: ParsedFlags, positionals: readonly string[]): RunConfig {
  if (positionals.length > 0) {
    throw new InvalidConfigError({
      message: `run takes no positional arguments, got "${positionals.join(' ')}"; use flags (see rlver-eval run --help)`,
    });
  }
  const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  if (text('profiles') !== undefined && text('lang') !== undefined) {
    throw new InvalidConfigError({
      field: '--lang',
      message: '--lang selects the shipped test set; give either --profiles <file> or --lang, not both',
    });
  }
  const judge = text('judge');
  if (judge !== undefined && !/^openai:.+/.test(judge)) {
    throw new InvalidConfigError({
      field: '--judge',
      message: `--judge "${judge}" is not valid; use openai:<model>, e.g. --judge openai:gpt-4o-mini`,
    });
  }
  const ids = text('ids')
    ?.split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids !== undefined && ids.length === 0) {
    throw new InvalidConfigError({ field: '--ids', message: '--ids is empty; give comma-separated profile ids' });
  }
  const policy = text('policy') as string;
  const preset = flags.preset as EmotionPresetName;
  const outDir = text('out') ?? join('runs', `${slug(policy)}-${preset}`);
  const endpointFlags = resolveEndpointFlags(flags);
  const endpoints = resolveEvalEndpoints(flags);
  return {
    policy,
    simulator: text('simulator') as string,
    preset,
    profilesFile: text('profiles'),
    lang: (text('lang') ?? 'zh') as Language,
    ids,
    limit: numberFlag(flags, 'limit', { min: 1, integer: true }),
    concurrency: numberFlag(flags, 'concurrency', { min: 1, max: 1024, integer: true }) as number,
    repeats: numberFlag(flags, 'repeats', { min: 1, max: 100, integer: true }) as number,
    baseURL: text('base-url'),
    cacheMode: flags.cache as CacheMode,
    cacheDir: text('cache-dir') ?? defaultCacheDir(outDir),
    judge,
    seed: numberFlag(flags, 'seed', { min: 0, max: 2 ** 32 - 1, integer: true }) as number,
    think: Boolean(flags.think),
    outDir,
    ...endpointFlags,
    endpoints,
    roles: roleSettingsOf(RUN_ROLES, endpoints, endpointFlags.roles),
  };
}
