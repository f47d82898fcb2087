import { writeFileSync } from 'node:fs';
import { checkErrorShare, createCapabilityJudge, renderReport, runBenchmark } from '@rlver/bench';
import { createProgressBar, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { buildSimulator, createEndpointFactory, preparePolicy, selectProfiles } from '@rlver/factories';
import { createRuleTagger } from '@rlver/strategies';
import { printRunSummary } from '../lib/print-run-summary';
import { RUN_SPEC, resolveRunConfig } from '../lib/run-config';
import type { CliCommand } from './cli-command';

export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run the Sentient benchmark (results, SAGE export, summary, HTML report)',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, RUN_SPEC);
    if (help) {
      process.stdout.write(formatHelp(RUN_SPEC));
      return 0;
    }
    // Everything that can be wrong with the input fails here, before any episode starts.
    const config = resolveRunConfig(flags, positionals);
    const { profiles, source, warnings } = selectProfiles({
      file: config.profilesFile,
      lang: config.lang,
      ids: config.ids,
      limit: config.limit,
      requireFirstTalk: config.preset === 'sage',
    });
    const endpoints = createEndpointFactory(config);
    const simulator = buildSimulator(config.simulator, config.preset, endpoints);
    const judgeClient = config.judge ? endpoints.clientFor('--judge', config.judge) : undefined;
    const loadPolicy = preparePolicy(config.policy, config.seed, endpoints);
    for (const warning of [...warnings, ...(await endpoints.probeAll())]) process.stderr.write(`warning: ${warning}\n`);
    const policy = await loadPolicy();

    const tagger = createRuleTagger();
    const controller = new AbortController();
    const onInterrupt = () => controller.abort();
    process.once('SIGINT', onInterrupt);
    const bar = createProgressBar({ label: 'episodes', total: profiles.length * config.repeats });
    let shown = 0;
    try {
      const result = await runBenchmark({
        profiles,
        simulator,
        policy,
        outDir: config.outDir,
        concurrency: config.concurrency,
        repeats: config.repeats,
        preset: config.preset,
        seed: config.seed,
        thinking: config.think,
        endpoints: endpoints.identities(),
        endpointUsage: () => endpoints.usage(),
        signal: controller.signal,
        tagger,
        ...(judgeClient ? { judge: createCapabilityJudge({ client: judgeClient }) } : {}),
        profilesSource: source,
        extraSettings: {
          command: ['rlver-eval', 'run', ...argv].join(' '),
          flags: { policy: config.policy, simulator: config.simulator, judge: config.judge ?? null },
          baseURL: config.baseURL ?? null,
          endpoints: config.endpoints,
          cache: { mode: config.cacheMode, dir: config.cacheMode === 'off' ? null : config.cacheDir },
        },
        onProgress: (progress) => {
          const fields = {
            'mean emotion': progress.meanEmotion === null ? '—' : progress.meanEmotion.toFixed(1),
            errors: String(progress.errors),
          };
          bar.tick(progress.done - shown, fields);
          shown = progress.done;
        },
      });
      bar.done();
      writeFileSync(
        result.files.report,
        renderReport({
          runs: [
            {
              label: result.summary.label,
              trajectories: result.trajectories,
              settings: result.summary.settings,
              judge: result.summary.judge,
              ...(result.summary.endpoints ? { endpointUsage: result.summary.endpoints } : {}),
            },
          ],
          tagger,
        }),
      );
      printRunSummary(result);
      if (!result.complete) return 130;
      checkErrorShare(result.summary, { maxErrorFraction: config.maxErrorFraction });
      return 0;
    } finally {
      process.removeListener('SIGINT', onInterrupt);
    }
  },
};
