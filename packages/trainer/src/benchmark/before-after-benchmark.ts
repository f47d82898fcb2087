import { join } from 'node:path';
import { type BenchmarkResult, checkErrorShare, importResults, runBenchmark } from '@rlver/bench';
import { createProgressBar } from '@rlver/cli-kit';
import type { TrainConfig } from '../config/train-config';
import {
  type BackgroundBenchmarkOutcome,
  type BackgroundBenchmarkProcess,
  runBenchmarkInBackground,
} from './background-benchmark';
import { type HeldOutParts, heldOutBenchmarkOptions } from './held-out-benchmark-options';

/** What the before/after benchmark of a run needs from the app. */
export interface BeforeAfterBenchmarkOptions {
  config: TrainConfig;
  runDirectory: string;
  /** The run's policy (trained in place), `sage` simulated user and held-out profiles. */
  parts: HeldOutParts;
  /** The app's child entry and the backend, for `evalInBackground`. */
  background: BackgroundBenchmarkProcess;
  /** The starting policy built again with the held-out parts, should the background "before" benchmark fail. */
  rebuildStartingParts(): Promise<HeldOutParts>;
  log(line: string): void;
}

/** The before benchmark running (or done), to be finished once training is. */
export interface BeforeAfterBenchmark {
  /** The before benchmark (collected from the background process if it ran there) and the after benchmark. */
  finish(trainedPolicyFolder: string): Promise<{ before?: BenchmarkResult; after?: BenchmarkResult }>;
}

async function evaluate(
  options: BeforeAfterBenchmarkOptions,
  parts: HeldOutParts,
  outDir: string,
  label: string,
  display: { barLabel?: string; quiet?: boolean } = {},
): Promise<BenchmarkResult> {
  const { config } = options;
  const bar = createProgressBar({ label: `benchmark ${display.barLabel ?? label}`, total: parts.evalProfiles.length });
  const result = await runBenchmark({
    ...heldOutBenchmarkOptions(config, parts, outDir, label),
    onProgress: (progress) => progress.trajectory && bar.tick(1, { 'mean emotion': progress.meanEmotion ?? 0 }),
  });
  bar.done();
  checkErrorShare(result.summary, { maxErrorFraction: config.maxErrorFraction, flag: 'maxErrorFraction' });
  if (!display.quiet)
    options.log(
      `${label}: score ${result.summary.score?.toFixed(1) ?? '—'} · success ${result.summary.success} · failure ${result.summary.failure} · degenerate replies ${Math.round((result.summary.monitors?.metrics['monitor/degenerate_fraction'] ?? 0) * 100)}%`,
    );
  return result;
}

/**
 * The after-training benchmark. With `evalInBackground` the held-out profiles are split: every other one runs in a
 * child process on the second core (the trained policy loaded from `trainedPolicyFolder`) while this process runs
 * the rest; the child's dialogues are then appended to `after/results.jsonl` and the full benchmark resumes there,
 * finding every dialogue done (or running what the child could not). Dialogues do not depend on the split (each
 * request carries its own sampling seed), so the result equals a single-process run.
 */
async function evaluateAfterTraining(
  options: BeforeAfterBenchmarkOptions,
  trainedPolicyFolder: string,
): Promise<BenchmarkResult> {
  const { config, parts } = options;
  const outDir = join(options.runDirectory, 'after');
  if (!config.evalInBackground || parts.evalProfiles.length < 2) return evaluate(options, parts, outDir, 'after');
  const shardDirectory = join(outDir, 'background-shard');
  const shard = parts.evalProfiles.filter((_, index) => index % 2 === 1);
  const background = runBenchmarkInBackground(options.background, {
    config,
    outDir: shardDirectory,
    label: 'after',
    policyFrom: trainedPolicyFolder,
    profileIds: shard.map((profile) => profile.id),
  });
  const own = parts.evalProfiles.filter((_, index) => index % 2 === 0);
  await evaluate(options, { ...parts, evalProfiles: own }, outDir, 'after', {
    barLabel: `after (${own.length} here, ${shard.length} in a background process)`,
    quiet: true,
  });
  const outcome = await background;
  if (!outcome.ok) options.log(`warning: background benchmark failed (${outcome.reason}); finishing it here`);
  await importResults(shardDirectory, outDir);
  return evaluate(options, parts, outDir, 'after');
}

/**
 * The before-training benchmark run by the background process: read back from its folder (the benchmark resumes
 * and finds every dialogue done). If the process failed, the missing dialogues run here with the starting policy
 * rebuilt (never the trained one).
 */
async function collectBackgroundBenchmark(
  options: BeforeAfterBenchmarkOptions,
  background: Promise<BackgroundBenchmarkOutcome>,
  outDir: string,
): Promise<BenchmarkResult> {
  const outcome = await background;
  if (!outcome.ok) options.log(`warning: background benchmark failed (${outcome.reason}); finishing it here`);
  return evaluate(options, await options.rebuildStartingParts(), outDir, 'before');
}

/**
 * Start a run's held-out benchmark of the starting policy, before training: in a background process while this one
 * trains (`evalInBackground`), else here, now. `finish` then benchmarks the trained policy. Nothing runs unless
 * `config.evaluate`.
 */
export async function startBeforeAfterBenchmark(options: BeforeAfterBenchmarkOptions): Promise<BeforeAfterBenchmark> {
  const { config } = options;
  if (!config.evaluate) return { finish: async () => ({}) };
  const beforeDirectory = join(options.runDirectory, 'before');
  if (config.evalInBackground) {
    const background = runBenchmarkInBackground(options.background, {
      config,
      outDir: beforeDirectory,
      label: 'before',
    });
    options.log('benchmark before: running in a background process while training');
    return {
      finish: async (trainedPolicyFolder) => ({
        before: await collectBackgroundBenchmark(options, background, beforeDirectory),
        after: await evaluateAfterTraining(options, trainedPolicyFolder),
      }),
    };
  }
  const before = await evaluate(options, options.parts, beforeDirectory, 'before');
  return {
    finish: async (trainedPolicyFolder) => ({
      before,
      after: await evaluateAfterTraining(options, trainedPolicyFolder),
    }),
  };
}
