import { writeFileSync } from 'node:fs';
import { type CommandSpec, createProgressBar, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { buildSimulator, createEndpointFactory } from '@rlver/factories';
import type { CacheMode } from '@rlver/llm';
import {
  collectRedTeamTurns,
  formatRedTeamReport,
  loadReferenceDialogues,
  REDTEAM_FAMILIES,
  runAdaptiveAttack,
  runRedTeam,
  type TranscriptRecord,
  transcriptRecordSchema,
} from '@rlver/simulator';
import { InvalidConfigError, readJsonlFile } from '@rlver/spec';
import type { CliCommand } from './cli-command';

const SPEC: CommandSpec = {
  usage: 'rlver-eval redteam <transcripts.jsonl…> | --scenarios zh|en [options]',
  summary:
    'Red-team a simulated user: replace every judged reply of recorded dialogues by degenerate copies (shuffled, stuffed, echoed, transplanted, cut off, repeated, judge injections, one-size comfort, wrong language, collapsed-policy text) and judge both in the recorded state. A judge that holds prefers the real reply almost always.',
  positionals: [
    { name: '<transcripts.jsonl…>', description: 'SAGE result files (one dialogue per line with history)' },
  ],
  flags: {
    scenarios: {
      type: 'string',
      description: 'Use the shipped reference dialogues of a language instead of files',
      choices: ['zh', 'en'],
    },
    simulator: { type: 'string', description: 'offline or openai:<model>', default: 'offline' },
    preset: { type: 'string', description: 'Simulator preset', default: 'sage', choices: ['sage', 'rlver-train'] },
    'base-url': { type: 'string', description: 'Base URL of the simulator endpoint (openai:<model>)' },
    cache: {
      type: 'string',
      description: 'Record/replay of LLM calls',
      default: 'off',
      choices: ['write', 'read', 'off'],
    },
    'cache-dir': { type: 'string', description: 'Record/replay cache folder', default: 'redteam-llm-cache' },
    families: {
      type: 'string',
      description: `Comma-separated families (default all): ${REDTEAM_FAMILIES.map((family) => family.id).join(', ')}`,
    },
    'max-dialogues': { type: 'string', description: 'Judge at most N dialogues per file' },
    'max-turns-per-dialogue': { type: 'string', description: 'Judge at most N replies per dialogue' },
    concurrency: { type: 'string', description: 'Replies judged at once (LLM simulators)', default: '1' },
    adaptive: { type: 'boolean', description: 'Also run the adaptive attack (hill-climbing over degenerate pieces)' },
    evaluations: { type: 'string', description: 'Adaptive attack: candidates judged per seed', default: '150' },
    seed: { type: 'string', description: 'Seed of the copies and of the simulated user', default: '0' },
    json: { type: 'boolean', description: 'Print the report as JSON' },
    out: { type: 'string', description: 'Also write the JSON report to this file' },
  },
  details: [
    'Per family: real wins = share of replies where the real reply got the strictly larger change (ties count half), mean gap = real − copy. Targets: every family ≥ 90 %, mean ≥ 95 %. Exit code 0 either way; read "holds" in the JSON.',
    'Examples:',
    '  rlver-eval redteam --scenarios en --adaptive',
    '  rlver-eval redteam ../shared/data/sage/transcripts/deepseek-v3/claude3.7.jsonl --max-dialogues 20',
    '  rlver-eval redteam --scenarios zh --simulator openai:deepseek-chat --base-url http://127.0.0.1:8000/v1 --concurrency 16',
  ].join('\n'),
};

function integer(flags: Record<string, unknown>, name: string): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new InvalidConfigError({ field: `--${name}`, message: `--${name} "${String(value)}" is not a whole number` });
  }
  return parsed;
}

function loadRecords(files: readonly string[], scenarios: string | undefined): TranscriptRecord[] {
  if (scenarios && files.length > 0) {
    throw new InvalidConfigError({ message: 'give transcript files or --scenarios, not both' });
  }
  if (scenarios === 'zh' || scenarios === 'en') return loadReferenceDialogues(scenarios);
  if (files.length === 0) {
    throw new InvalidConfigError({
      message: 'give <transcripts.jsonl…> or --scenarios zh|en; see rlver-eval redteam --help',
    });
  }
  return files.flatMap((file) => readJsonlFile(file, transcriptRecordSchema).records.map((entry) => entry.value));
}

/** `rlver-eval redteam`: thin wiring over the red-team suite of @rlver/simulator. */
export const redteamCommand: CliCommand = {
  name: 'redteam',
  summary: 'Red-team a simulated user with degenerate replies (is the reward gameable?)',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, SPEC);
    if (help) {
      process.stdout.write(formatHelp(SPEC));
      return 0;
    }
    const maxDialogues = integer(flags, 'max-dialogues');
    const records = loadRecords(positionals, flags.scenarios as string | undefined);
    const endpoints = createEndpointFactory({
      baseURL: flags['base-url'] as string | undefined,
      cacheMode: flags.cache as CacheMode,
      cacheDir: flags['cache-dir'] as string,
    });
    const simulator = buildSimulator(
      String(flags.simulator),
      flags.preset === 'rlver-train' ? 'rlver-train' : 'sage',
      endpoints,
    );
    for (const warning of await endpoints.probeAll()) process.stderr.write(`warning: ${warning}\n`);
    const options = {
      records: maxDialogues === undefined ? records : records.slice(0, maxDialogues),
      simulator,
      seed: integer(flags, 'seed') ?? 0,
      maxTurnsPerDialogue: integer(flags, 'max-turns-per-dialogue'),
      concurrency: integer(flags, 'concurrency') ?? 1,
      families: typeof flags.families === 'string' ? flags.families.split(',').map((id) => id.trim()) : undefined,
    };
    const turns = await collectRedTeamTurns(options.records, simulator, options);
    const bar = createProgressBar({ label: 'replies', total: turns.length });
    const report = await runRedTeam({ ...options, onProgress: () => bar.tick() });
    bar.done();
    const exploits = flags.adaptive
      ? await runAdaptiveAttack({
          turns,
          simulator,
          seed: options.seed,
          evaluationsPerSeed: integer(flags, 'evaluations') ?? 150,
        })
      : [];
    const json = JSON.stringify({ report, exploits });
    if (typeof flags.out === 'string') writeFileSync(flags.out, `${json}\n`);
    process.stdout.write(flags.json ? `${json}\n` : `${formatRedTeamReport(report, exploits)}\n`);
    return 0;
  },
};
