import type { Readable, Writable } from 'node:stream';
import { formatHelp, numberFlag, type ParsedFlags, parseCommandArgs } from '@rlver/cli-kit';
import { appendTrajectory, runHumanChat } from '@rlver/env';
import { buildSimulator, createEndpointFactory, type EndpointFactory } from '@rlver/factories';
import { describeEndpointUsage } from '@rlver/llm';
import { findProfile, loadProfiles, loadScenarioSet } from '@rlver/simulator';
import { createRng, InvalidConfigError, type Profile, type UserSimulatorV1 } from '@rlver/spec';
import { roleEndpointNotes, roleEndpointOptions, roleSettingsOf } from '../lib/role-endpoints-config';
import type { CliCommand } from './cli-command';

const ENDPOINTS = roleEndpointOptions(['simulator'] as const);

const spec = {
  usage: 'rlver-eval chat --simulator offline|openai:<model> [options]',
  summary: 'Play the assistant yourself against a simulated user; see its emotion, Δ and inner thoughts each turn.',
  flags: {
    simulator: {
      type: 'string',
      description: 'The simulated user: offline, or openai:<model> (any OpenAI-compatible endpoint)',
    },
    profile: { type: 'string', description: 'Profile id (default: one picked with --seed)' },
    profiles: { type: 'string', description: 'Profile JSONL file (default: the built-in test scenarios of --lang)' },
    lang: { type: 'string', choices: ['zh', 'en'], description: 'Language of the built-in scenarios', default: 'zh' },
    preset: {
      type: 'string',
      choices: ['sage', 'rlver-train'],
      description: 'Emotion dynamics and stop rules',
      default: 'sage',
    },
    'base-url': {
      type: 'string',
      description:
        'OpenAI-compatible endpoint for openai:<model> (default $OPENAI_BASE_URL, else https://api.openai.com/v1)',
    },
    seed: { type: 'string', description: 'Seed of the profile pick and the simulator', default: '0' },
    out: { type: 'string', description: 'Append the finished trajectory to this JSONL file' },
    'hide-thoughts': { type: 'boolean', description: "Do not show the simulated user's inner thoughts" },
    ...ENDPOINTS.flags,
  },
  details: [
    'Type a reply and press Enter; /quit (or Ctrl-D) ends the chat.',
    ...roleEndpointNotes(ENDPOINTS.roles, 'printed when the chat ends'),
    '',
    'Examples:',
    '  rlver-eval chat --simulator offline --lang en',
    '  rlver-eval chat --simulator openai:deepseek-chat --endpoints.simulator.base-url https://api.deepseek.com/v1 \\',
    '    --endpoints.simulator.api-key-env DEEPSEEK_API_KEY',
  ].join('\n'),
} as const;

type Preset = 'sage' | 'rlver-train';

/** Streams and factories of the chat command; tests inject a scripted simulator and in-memory streams. */
export interface ChatIo {
  input: Readable;
  output: Writable;
  errorOutput: Writable;
  signal?: AbortSignal;
  /** Default: `createOfflineSimulator` / `createLlmSimulator` from `@rlver/simulator`. */
  createSimulator?: (flags: ParsedFlags) => UserSimulatorV1;
}

/** The endpoint of the simulated user: `--base-url`, refined by `--config` and `--endpoints.simulator.*`. */
function endpointsFromFlags(flags: ParsedFlags): EndpointFactory {
  const baseURL = typeof flags['base-url'] === 'string' ? flags['base-url'] : undefined;
  const roles = roleSettingsOf(ENDPOINTS.roles, ENDPOINTS.resolve(flags));
  return createEndpointFactory({ baseURL, cacheMode: 'off', cacheDir: '', roles });
}

function pickProfile(flags: ParsedFlags, seed: number, errorOutput: Writable): Profile {
  let profiles: Profile[];
  if (typeof flags.profiles === 'string') {
    const loaded = loadProfiles(flags.profiles);
    for (const warning of loaded.warnings) errorOutput.write(`warning: ${warning}\n`);
    profiles = loaded.profiles;
  } else {
    profiles = loadScenarioSet(flags.lang === 'en' ? 'en' : 'zh', 'test');
  }
  if (typeof flags.profile === 'string') return findProfile(profiles, flags.profile);
  if (profiles.length === 0)
    throw new InvalidConfigError({ field: '--profiles', message: 'the profile file is empty' });
  return createRng(seed).pick(profiles);
}

/** Run `rlver-eval chat` with the given argv and streams; returns the exit code. */
export async function runChatCommand(argv: string[], io: ChatIo): Promise<number> {
  const { flags, help } = parseCommandArgs(argv, spec);
  if (help) {
    io.output.write(formatHelp(spec));
    return 0;
  }
  if (flags.simulator === undefined) {
    throw new InvalidConfigError({
      field: '--simulator',
      message: '--simulator is required; use offline or openai:<model>',
    });
  }
  const seed = numberFlag(flags, 'seed', { integer: true, min: 0 }) ?? 0;
  const endpoints = endpointsFromFlags(flags);
  const simulator = io.createSimulator
    ? io.createSimulator(flags)
    : buildSimulator(String(flags.simulator), flags.preset as Preset, endpoints);
  const profile = pickProfile(flags, seed, io.errorOutput);
  const trajectory = await runHumanChat({
    profile,
    simulator,
    seed,
    input: io.input,
    output: io.output,
    showThoughts: flags['hide-thoughts'] !== true,
    preset: String(flags.preset),
    signal: io.signal,
  });
  if (typeof flags.out === 'string') {
    appendTrajectory(flags.out, trajectory);
    io.output.write(`trajectory appended to ${flags.out}\n`);
  }
  for (const line of describeEndpointUsage(endpoints.usage())) io.output.write(`${line}\n`);
  return trajectory.stopReason === 'error' ? 1 : 0;
}

export const chatCommand: CliCommand = {
  name: 'chat',
  summary: 'Play the assistant against a simulated user in the terminal (human mode)',
  async run(argv) {
    const controller = new AbortController();
    const onInterrupt = () => controller.abort();
    process.once('SIGINT', onInterrupt);
    try {
      return await runChatCommand(argv, {
        input: process.stdin,
        output: process.stdout,
        errorOutput: process.stderr,
        signal: controller.signal,
      });
    } finally {
      process.off('SIGINT', onInterrupt);
    }
  },
};
