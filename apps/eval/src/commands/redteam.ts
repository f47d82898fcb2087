import { writeFileSync } from 'node:fs';
import {
  collectRedTeamTurns,
  formatRedTeamReport,
  loadReferenceDialogues,
  runAdaptiveAttack,
  runRedTeam,
  selectFamilies,
} from '@rlver/bench';
import {
  createProgressBar,
  formatHelp,
  numberFlag,
  type ParsedFlags,
  type ProgressBar,
  parseCommandArgs,
} from '@rlver/cli-kit';
import { buildSimulator, createEndpointFactory } from '@rlver/factories';
import { type CacheMode, describeEndpointUsage } from '@rlver/llm';
import { InvalidConfigError, readJsonlFile, type TranscriptRecord, transcriptRecordSchema } from '@rlver/spec';
import { REDTEAM_ENDPOINTS, REDTEAM_SPEC } from '../lib/redteam-spec';
import { roleSettingsOf } from '../lib/role-endpoints-config';
import type { CliCommand } from './cli-command';

const whole = (flags: ParsedFlags, name: string, min = 0) => numberFlag(flags, name, { integer: true, min });

/** The recorded dialogues: the files (each cut to --max-dialogues) or the shipped reference dialogues. */
function loadRecords(
  files: readonly string[],
  scenarios: unknown,
  maxDialogues: number | undefined,
): TranscriptRecord[] {
  if (typeof scenarios === 'string' && files.length > 0) {
    throw new InvalidConfigError({
      field: '--scenarios',
      message: 'give transcript files or --scenarios zh|en, not both',
    });
  }
  const sets =
    scenarios === 'zh' || scenarios === 'en'
      ? [loadReferenceDialogues(scenarios)]
      : files.map((file) => readJsonlFile(file, transcriptRecordSchema).records.map((entry) => entry.value));
  if (sets.length === 0) {
    throw new InvalidConfigError({
      message: 'give <transcripts.jsonl…> or --scenarios zh|en; see `rlver-eval redteam --help`',
    });
  }
  return sets.flatMap((records) => records.slice(0, maxDialogues ?? records.length));
}

/** `rlver-eval redteam`: thin wiring over the red-team suite of @rlver/bench. */
export const redteamCommand: CliCommand = {
  name: 'redteam',
  summary: 'Red-team a simulated user with degenerate replies and an adaptive attack (is its reward gameable?)',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, REDTEAM_SPEC);
    if (help) {
      process.stdout.write(formatHelp(REDTEAM_SPEC));
      return 0;
    }
    // Everything that can be wrong with the input fails here, before any call to the simulator.
    const families = typeof flags.families === 'string' ? flags.families.split(',').map((id) => id.trim()) : undefined;
    selectFamilies(families);
    const seed = whole(flags, 'seed') ?? 0;
    const concurrency = whole(flags, 'concurrency', 1) ?? 1;
    const records = loadRecords(positionals, flags.scenarios, whole(flags, 'max-dialogues', 1));
    const endpoints = createEndpointFactory({
      baseURL: flags['base-url'] as string | undefined,
      cacheMode: flags.cache as CacheMode,
      cacheDir: String(flags['cache-dir']),
      roles: roleSettingsOf(REDTEAM_ENDPOINTS.roles, REDTEAM_ENDPOINTS.resolve(flags)),
    });
    const simulator = buildSimulator(
      String(flags.simulator),
      flags.preset === 'rlver-train' ? 'rlver-train' : 'sage',
      endpoints,
    );
    for (const warning of await endpoints.probeAll()) process.stderr.write(`warning: ${warning}\n`);

    const started = performance.now();
    const turns = await collectRedTeamTurns(records, simulator, {
      seed,
      maxTurnsPerDialogue: whole(flags, 'max-turns-per-dialogue', 1),
    });
    const bar = createProgressBar({ label: 'replies', total: turns.length });
    const report = await runRedTeam({ turns, simulator, families, seed, concurrency, onProgress: () => bar.tick() });
    bar.done();
    let exploits: Awaited<ReturnType<typeof runAdaptiveAttack>> = [];
    if (flags.adaptive) {
      let attackBar: ProgressBar | undefined;
      let shown = 0;
      exploits = await runAdaptiveAttack({
        turns,
        simulator,
        seed,
        concurrency,
        evaluationsPerSeed: whole(flags, 'evaluations', 1) ?? 300,
        sampleTurns: whole(flags, 'sample-turns', 1) ?? 6,
        onProgress: (done, total) => {
          attackBar ??= createProgressBar({ label: 'adaptive attack', total });
          attackBar.tick(done - shown);
          shown = done;
        },
      });
      attackBar?.done();
    }
    const seconds = (performance.now() - started) / 1000;
    const usage = endpoints.usage();
    const json = JSON.stringify({ report, exploits, seconds, endpoints: usage });
    if (typeof flags.out === 'string') writeFileSync(flags.out, `${json}\n`);
    const usageLines = describeEndpointUsage(usage).map((line) => `${line}\n`);
    process.stdout.write(
      flags.json
        ? `${json}\n`
        : `${formatRedTeamReport(report, exploits)}\n(${seconds.toFixed(1)} s)\n${usageLines.join('')}`,
    );
    const held = report.holds && exploits.every((exploit) => exploit.holds);
    return flags.strict && !held ? 1 : 0;
  },
};
