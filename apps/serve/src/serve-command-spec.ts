import { join } from 'node:path';
import { type CommandSpec, numberFlag, type ParsedFlags, packageVersion } from '@rlver/cli-kit';
import type { CacheMode } from '@rlver/llm';
import { InvalidConfigError, type Language } from '@rlver/spec';

export const SERVE_SPEC: CommandSpec = {
  usage: 'rlver-serve [options]',
  version: packageVersion(import.meta.url),
  summary:
    'Serve the simulated user as an environment over HTTP: REST (POST /v1/episodes, …/step, …/fork), /openapi.json, and OpenEnv /ws, /schema, /metadata. verl, OpenRLHF, verifiers and TRL adapters live in python/rlver_env.',
  flags: {
    port: { type: 'string', description: 'TCP port; 0 picks a free one', default: '8800' },
    host: { type: 'string', description: 'interface to listen on (0.0.0.0 for every interface)', default: '127.0.0.1' },
    simulator: { type: 'string', description: 'offline | openai:<model> (the sentient agent)', default: 'offline' },
    preset: {
      type: 'string',
      description: 'default emotion dynamics and stop rules (a request may ask for the other)',
      choices: ['sage', 'rlver-train'],
      default: 'rlver-train',
    },
    lang: {
      type: 'string',
      description: 'language of the scenarios drawn by seed',
      choices: ['zh', 'en'],
      default: 'zh',
    },
    profiles: { type: 'string', description: 'profile JSONL file to draw scenarios from (default: the shipped sets)' },
    'max-episodes': {
      type: 'string',
      description: 'open episodes before POST /v1/episodes answers 429',
      default: '10000',
    },
    'idle-timeout': {
      type: 'string',
      description: 'seconds after which an untouched episode is deleted; 0 = never',
      default: '1800',
    },
    'state-dir': {
      type: 'string',
      description: 'folder of the durable episode log; a restart with the same folder continues every open episode',
    },
    durability: {
      type: 'string',
      description:
        'fsync: every acknowledged change is fsynced (survives power loss); write: written to the OS only (survives kill -9)',
      choices: ['fsync', 'write'],
      default: 'fsync',
    },
    'replica-id': {
      type: 'string',
      description: 'name of this replica behind a load balancer; episode ids become ep_<replica-id>_<uuid>',
    },
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
    'cache-dir': { type: 'string', description: 'cache folder (default <state-dir or .>/llm-cache)' },
  },
  details: [
    'The first line on stdout is `listening on http://<host>:<port>`; everything else goes to stderr.',
    'API keys: set OPENAI_API_KEY for remote endpoints; loopback URLs (127.0.0.1, localhost) need none.',
    '',
    'Examples:',
    '  rlver-serve                                    # offline user, rlver-train preset, port 8800',
    '  rlver-serve --port 0 --state-dir runs/serve    # any free port; survives kill -9',
    '  rlver-serve --simulator openai:qwen2.5-72b --base-url http://10.0.0.5:8000/v1 --host 0.0.0.0',
    '',
    'Recipes for verl, OpenRLHF, verifiers and TRL: docs/scale-out.md.',
  ].join('\n'),
};

/** Validated settings of `rlver-serve`. */
export interface ServeConfig {
  port: number;
  host: string;
  simulator: string;
  preset: 'sage' | 'rlver-train';
  lang: Language;
  profilesFile: string | undefined;
  maxEpisodes: number;
  idleTimeoutMs: number;
  stateDir: string | undefined;
  fsync: boolean;
  replicaId: string | undefined;
  baseURL: string | undefined;
  cacheMode: CacheMode;
  cacheDir: string;
}

/** Turn parsed flags into the server config; every bad value throws `InvalidConfigError` naming the flag. */
export function resolveServeConfig(flags: ParsedFlags, positionals: readonly string[]): ServeConfig {
  if (positionals.length > 0) {
    throw new InvalidConfigError({
      message: `rlver-serve takes no positional arguments, got "${positionals.join(' ')}"; use flags (see rlver-serve --help)`,
    });
  }
  const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
  const simulator = text('simulator') as string;
  if (simulator !== 'offline' && !/^openai:.+/.test(simulator)) {
    throw new InvalidConfigError({
      field: '--simulator',
      message: `--simulator "${simulator}" is not valid; use offline or openai:<model> (e.g. openai:deepseek-chat with --base-url)`,
    });
  }
  const stateDir = text('state-dir');
  const replicaId = text('replica-id');
  if (replicaId !== undefined && !/^[A-Za-z0-9-]{1,32}$/.test(replicaId)) {
    throw new InvalidConfigError({
      field: '--replica-id',
      message: `--replica-id "${replicaId}" is not valid; use 1–32 letters, digits or dashes (e.g. --replica-id r1)`,
    });
  }
  return {
    port: numberFlag(flags, 'port', { min: 0, max: 65_535, integer: true }) as number,
    host: text('host') as string,
    simulator,
    preset: flags.preset as ServeConfig['preset'],
    lang: flags.lang as Language,
    profilesFile: text('profiles'),
    maxEpisodes: numberFlag(flags, 'max-episodes', { min: 1, max: 10_000_000, integer: true }) as number,
    idleTimeoutMs: (numberFlag(flags, 'idle-timeout', { min: 0 }) as number) * 1000,
    stateDir,
    fsync: flags.durability === 'fsync',
    replicaId,
    baseURL: text('base-url'),
    cacheMode: flags.cache as CacheMode,
    cacheDir: text('cache-dir') ?? join(stateDir ?? '.', 'llm-cache'),
  };
}
