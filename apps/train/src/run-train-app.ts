import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createProgressBar } from '@rlver/cli-kit';
import { InvalidConfigError, parseJsonl } from '@rlver/spec';
import { createRunTracker } from '@rlver/tracking';
import {
  buildTrainingSummary,
  defaultRunId,
  describeEarlyStop,
  describeStrategyShift,
  intentionLookup,
  readCheckpointState,
  renderTrainingReport,
  runTraining,
  startBeforeAfterBenchmark,
  stepProgressFields,
  type TrainConfig,
} from '@rlver/trainer';
import { z } from 'zod';
import { benchmarkChildModule } from './benchmark-child-module';
import { buildEvaluation, buildPolicy } from './build-training-components';
import { describeEndpointUsage } from './endpoint-usage-lines';
import { runPreflight } from './preflight';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Run (or resume) one training run end to end; returns the process exit code. */
export async function runTrainApp(
  config: TrainConfig,
  options: { resume: boolean; signal: AbortSignal },
): Promise<number> {
  const started = performance.now();
  const runId = config.runId ?? defaultRunId(config);
  const runDirectory = join(config.runsDir, runId);
  const inside = relative(resolve(config.runsDir), resolve(runDirectory));
  if (inside === '' || inside.startsWith('..') || inside.includes('/') || inside.includes('\\')) {
    throw new InvalidConfigError({
      field: '--run-id',
      message: `--run-id "${runId}" does not name a folder inside --runs-dir ${config.runsDir}; use a plain name such as my-run`,
    });
  }
  const latest = join(runDirectory, 'checkpoints', 'latest');
  if (existsSync(join(runDirectory, 'config.json')) && !options.resume) {
    throw new InvalidConfigError({
      field: '--resume',
      message: `run folder ${runDirectory} exists; add --resume to continue it, or choose another --run-id / --seed`,
    });
  }
  const latestPolicy = join(latest, 'policy');
  const resumedState = options.resume ? readCheckpointState(latest) : undefined;
  const resumeFrom = resumedState ? latestPolicy : undefined;
  // Tracker settings (MLFLOW_TRACKING_URI) are checked here, before any model loads.
  const tracker = createRunTracker({
    reportTo: config.reportTo,
    runDirectory,
    runName: runId,
    warn: (line) => log(`warning: ${line}`),
  });
  // Everything that can be wrong with the input (policy folder, profiles, endpoints) fails before anything is written.
  const { wiring, report, warnings } = await runPreflight(config, resumeFrom);
  for (const line of report) log(`preflight: ${line}`);
  for (const warning of warnings) log(`warning: ${warning}`);
  mkdirSync(runDirectory, { recursive: true });
  writeFileSync(join(runDirectory, 'config.json'), `${JSON.stringify({ ...config, runId }, null, 2)}\n`);
  tracker.logConfig({ ...config, runId });
  for (const { backend, location } of tracker.trackers) log(`tracking: ${backend} → ${location}`);
  log(
    `rlver-train ${runId}: ${config.algo}${config.think ? ' + think' : ''} · policy ${config.policy} · simulator ${config.simulator} · backend ${wiring.backend}`,
  );

  const benchmark = await startBeforeAfterBenchmark({
    config,
    runDirectory,
    parts: wiring,
    background: { childModule: benchmarkChildModule(), backend: wiring.backend },
    rebuildStartingParts: async () => ({ policy: await buildPolicy(config, undefined), ...buildEvaluation(config) }),
    log,
  });
  const bar = createProgressBar({
    label: 'training',
    total: config.steps,
    initial: resumedState?.completedSteps ?? 0,
  });
  const outcome = await runTraining({
    config,
    runDirectory,
    policy: wiring.policy,
    algorithm: wiring.algorithm,
    simulator: wiring.trainSimulator,
    trainProfiles: wiring.trainProfiles,
    tagger: wiring.tagger,
    savePolicy: wiring.savePolicy,
    signal: options.signal,
    onStepEnd: (step, metrics) => {
      bar.tick(1, stepProgressFields(metrics));
      tracker.logMetrics(step, metrics);
    },
  }).catch(async (error: unknown) => {
    await tracker.finish('failed');
    throw error;
  });
  bar.done();
  await tracker.finish(outcome.interrupted ? 'interrupted' : 'finished');
  if (outcome.interrupted) {
    log(`interrupted after ${outcome.completedSteps} steps; continue with the same command and --resume`);
    return 130;
  }
  if (outcome.stoppedEarly) log(describeEarlyStop(outcome.stoppedEarly, config));
  const { before, after } = await benchmark.finish(latestPolicy);
  const metricsText = readFileSync(join(runDirectory, 'metrics.jsonl'), 'utf8');
  const metrics = parseJsonl(metricsText, z.record(z.string(), z.unknown()), {
    file: join(runDirectory, 'metrics.jsonl'),
  }).records.map((record) => record.value);
  const summary = buildTrainingSummary({
    runId,
    config,
    backend: wiring.backend,
    wallSeconds: (performance.now() - started) / 1000,
    before,
    after,
    metrics,
    intentionOf: intentionLookup(wiring.evalProfiles),
  });
  const endpoints = wiring.endpointUsage();
  if (Object.keys(endpoints).length > 0) summary.endpoints = endpoints;
  writeFileSync(join(runDirectory, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const html = renderTrainingReport({
    summary,
    metrics,
    config: { ...config, runId },
    before: before && { label: 'before training', trajectories: before.trajectories },
    after: after && { label: 'after training', trajectories: after.trajectories },
  });
  writeFileSync(join(runDirectory, 'report.html'), html);
  wiring.algorithm.dispose();
  log(
    `done in ${summary.wallSeconds.toFixed(0)} s: ${join(runDirectory, 'summary.json')}, ${join(runDirectory, 'report.html')}`,
  );
  if (summary.improvement !== null)
    log(
      `held-out score ${summary.before?.score} → ${summary.after?.score} (${summary.improvement >= 0 ? '+' : ''}${summary.improvement.toFixed(1)})`,
    );
  if (summary.strategyShift) log(describeStrategyShift(summary.strategyShift));
  for (const line of describeEndpointUsage(endpoints)) log(line);
  for (const warning of summary.warnings) log(`warning: ${warning}`);
  return 0;
}
