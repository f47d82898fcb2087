import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type BenchmarkResult, checkErrorShare, importResults, runBenchmark } from '@rlver/bench';
import { createProgressBar } from '@rlver/cli-kit';
import { describeEndpointUsage } from '@rlver/llm';
import { classifyIntention, type IntentionKey, InvalidConfigError, type Profile, parseJsonl } from '@rlver/spec';
import { createRunTracker } from '@rlver/tracking';
import {
  buildTrainingSummary,
  checkpointFolderName,
  defaultRunId,
  describeStrategyShift,
  readCheckpointState,
  renderTrainingReport,
  runTraining,
  stepProgressFields,
  type TrainConfig,
} from '@rlver/trainer';
import { z } from 'zod';
import { buildEvaluation, buildPolicy } from './build-training-components';
import {
  type BackgroundBenchmarkOutcome,
  heldOutBenchmarkOptions,
  runBenchmarkInBackground,
} from './held-out-benchmark';
import { runPreflight } from './preflight';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function evaluate(
  parts: Parameters<typeof heldOutBenchmarkOptions>[1],
  config: TrainConfig,
  outDir: string,
  label: string,
  options: { barLabel?: string; quiet?: boolean } = {},
): Promise<BenchmarkResult> {
  const bar = createProgressBar({
    label: `benchmark ${options.barLabel ?? label}`,
    total: parts.evalProfiles.length,
  });
  const result = await runBenchmark({
    ...heldOutBenchmarkOptions(config, parts, outDir, label),
    onProgress: (progress) => progress.trajectory && bar.tick(1, { 'mean emotion': progress.meanEmotion ?? 0 }),
  });
  bar.done();
  checkErrorShare(result.summary, { maxErrorFraction: config.maxErrorFraction, flag: 'maxErrorFraction' });
  if (!options.quiet)
    log(
      `${label}: score ${result.summary.score?.toFixed(1) ?? '—'} · success ${result.summary.success} · failure ${result.summary.failure} · degenerate replies ${Math.round((result.summary.monitors?.metrics['monitor/degenerate_fraction'] ?? 0) * 100)}%`,
    );
  return result;
}

/** Why the run stopped early, and the newest step checkpoint taken before its replies began to degrade. */
function describeEarlyStop(
  stop: NonNullable<Awaited<ReturnType<typeof runTraining>>['stoppedEarly']>,
  config: TrainConfig,
): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  const window = config.degenerationStop?.window ?? 1;
  const clean = Math.floor((stop.step + 1 - window) / config.checkpointEvery) * config.checkpointEvery;
  const earlier = clean > 0 ? `; checkpoints/${checkpointFolderName(clean)} predates the rise` : '';
  return `warning: training stopped after step ${stop.step + 1}: degenerate replies rose from ${percent(stop.baseline)} (first ${window} steps) to ${percent(stop.recent)} (last ${window}), likely reward hacking (degenerationStop)${earlier}`;
}

/**
 * The after-training benchmark. With `evalInBackground` the held-out profiles are split: every other one runs in a
 * child process on the second core (the trained policy loaded from `checkpoints/latest`) while this process runs
 * the rest; the child's dialogues are then appended to `after/results.jsonl` and the full benchmark resumes there,
 * finding every dialogue done (or running what the child could not). Dialogues do not depend on the split (each
 * request carries its own sampling seed), so the result equals a single-process run.
 */
async function evaluateAfterTraining(
  wiring: Parameters<typeof heldOutBenchmarkOptions>[1],
  config: TrainConfig,
  runDirectory: string,
  trainedPolicyFolder: string,
): Promise<BenchmarkResult> {
  const outDir = join(runDirectory, 'after');
  if (!config.evalInBackground || wiring.evalProfiles.length < 2) return evaluate(wiring, config, outDir, 'after');
  const shardDirectory = join(outDir, 'background-shard');
  const shard = wiring.evalProfiles.filter((_, index) => index % 2 === 1);
  const background = runBenchmarkInBackground({
    config,
    outDir: shardDirectory,
    label: 'after',
    policyFrom: trainedPolicyFolder,
    profileIds: shard.map((profile) => profile.id),
  });
  const own = wiring.evalProfiles.filter((_, index) => index % 2 === 0);
  await evaluate({ ...wiring, evalProfiles: own }, config, outDir, 'after', {
    barLabel: `after (${own.length} here, ${shard.length} in a background process)`,
    quiet: true,
  });
  const outcome = await background;
  if (!outcome.ok) log(`warning: background benchmark failed (${outcome.reason}); finishing it here`);
  await importResults(shardDirectory, outDir);
  return evaluate(wiring, config, outDir, 'after');
}

/**
 * The before-training benchmark run by the background process: read back from its folder (the benchmark resumes
 * and finds every dialogue done). If the process failed, the missing dialogues run here with the starting policy
 * rebuilt (never the trained one).
 */
async function collectBackgroundBenchmark(
  background: Promise<BackgroundBenchmarkOutcome>,
  config: TrainConfig,
  outDir: string,
): Promise<BenchmarkResult> {
  const outcome = await background;
  if (!outcome.ok) log(`warning: background benchmark failed (${outcome.reason}); finishing it here`);
  const policy = await buildPolicy(config, undefined);
  return evaluate({ policy, ...buildEvaluation(config) }, config, outDir, 'before');
}

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

  const beforeDirectory = join(runDirectory, 'before');
  const background =
    config.evaluate && config.evalInBackground
      ? runBenchmarkInBackground({ config, outDir: beforeDirectory, label: 'before' })
      : undefined;
  if (background) log('benchmark before: running in a background process while training');
  let before = config.evaluate && !background ? await evaluate(wiring, config, beforeDirectory, 'before') : undefined;
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
  if (background) before = await collectBackgroundBenchmark(background, config, beforeDirectory);
  const after = config.evaluate ? await evaluateAfterTraining(wiring, config, runDirectory, latestPolicy) : undefined;
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

/** The hidden intention of each held-out profile, by id (the profile's key, else classified from its task). */
function intentionLookup(profiles: readonly Profile[]): (profileId: string) => IntentionKey | undefined {
  const byId = new Map(profiles.map((profile) => [profile.id, profile.intention ?? classifyIntention(profile.task)]));
  return (profileId) => byId.get(profileId);
}
