import { createReadStream, existsSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { createEndpointFactory } from '@rlver/factories';
import { cacheModeSchema, describeEndpointUsage } from '@rlver/llm';
import { InvalidInputError, type StrategyTaggerV1 } from '@rlver/spec';
import { createLlmTagger, createRuleTagger, parseTaggerFlag, tagJsonl } from '@rlver/strategies';
import { roleEndpointNotes, roleEndpointOptions, roleSettingsOf } from '../lib/role-endpoints-config';
import type { CliCommand } from './cli-command';

const ENDPOINTS = roleEndpointOptions(['tagger'] as const);

const spec: CommandSpec = {
  usage: 'rlver-eval tag [file] [options]',
  summary:
    'Tag replies with support strategies. Reads JSONL lines {"text": "...", "lang"?: "zh"|"en"} from the file (or stdin) and writes one line {"labels": [...], "cues": [...]} per input.',
  positionals: [{ name: 'file', description: 'Input JSONL file (default: stdin)', optional: true }],
  flags: {
    tagger: { type: 'string', description: 'rule, or openai:<model> for an LLM tagger', default: 'rule' },
    'base-url': {
      type: 'string',
      description: 'OpenAI-compatible endpoint for openai:<model>, e.g. vLLM (default $OPENAI_BASE_URL, else OpenAI)',
    },
    cache: {
      type: 'string',
      description: 'Record/replay of LLM calls',
      choices: cacheModeSchema.options,
      default: 'off',
    },
    'cache-dir': { type: 'string', description: 'Directory of recorded LLM answers', default: '.rlver-cache/tagger' },
    ...ENDPOINTS.flags,
  },
  details: [
    'A malformed line is reported on stderr with its line number and answered with {"error": ..., "line": n},',
    'so outputs stay aligned with inputs; blank lines are skipped. Exit code 0 when every line was tagged, 1 otherwise.',
    ...roleEndpointNotes(ENDPOINTS.roles, 'printed on stderr at the end (stdout holds only the JSONL)'),
    '',
    'Examples:',
    '  echo \'{"text": "别难过，会好起来的"}\' | rlver-eval tag',
    '  rlver-eval tag replies.jsonl --tagger openai:qwen2.5-7b --base-url http://127.0.0.1:8000/v1',
    '  rlver-eval tag replies.jsonl --tagger openai:gpt-4o-mini --endpoints.tagger.base-url https://api.openai.com/v1 \\',
    '    --endpoints.tagger.api-key-env TAGGER_API_KEY --endpoints.tagger.concurrency 4',
  ].join('\n'),
};

/** Streams of one run; injectable for in-process tests. */
export interface TagCommandIO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

/** Run `rlver-eval tag` with the given arguments and streams; returns the exit code. */
export async function runTagCommand(argv: string[], io: TagCommandIO): Promise<number> {
  const { flags, positionals, help } = parseCommandArgs(argv, spec);
  if (help) {
    io.stdout.write(formatHelp(spec));
    return 0;
  }
  const baseURL = flags['base-url'] as string | undefined;
  const value = String(flags.tagger);
  const config = parseTaggerFlag(value, { baseURL });
  const endpoints = createEndpointFactory({
    baseURL,
    cacheMode: cacheModeSchema.parse(flags.cache),
    cacheDir: String(flags['cache-dir']),
    roles: roleSettingsOf(ENDPOINTS.roles, ENDPOINTS.resolve(flags)),
  });
  const client = config.kind === 'openai' ? endpoints.clientFor('--tagger', value) : undefined;
  const tagger: StrategyTaggerV1 = client ? createLlmTagger({ client }) : createRuleTagger();
  const file = positionals[0];
  if (file !== undefined && !existsSync(file)) {
    throw new InvalidInputError({ message: 'file not found; check the path (omit it to read stdin)', file });
  }
  const input = file === undefined ? io.stdin : createReadStream(file, { encoding: 'utf8' });
  const summary = await tagJsonl({ input, output: io.stdout, errors: io.stderr, tagger, source: file ?? 'stdin' });
  for (const line of describeEndpointUsage(endpoints.usage())) io.stderr.write(`${line}\n`);
  return summary.failed === 0 ? 0 : 1;
}

export const tagCommand: CliCommand = {
  name: 'tag',
  summary: 'Tag replies (JSONL) with support strategies: praise, deep empathy, advice, …',
  run: (argv) => runTagCommand(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }),
};
