import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { runBenchmark } from '@rlver/bench';
import type { TrainConfig } from '../config/train-config';
import { type HeldOutParts, heldOutBenchmarkOptions } from './held-out-benchmark-options';

/** What the child process is asked to do. */
export interface BackgroundBenchmarkRequest {
  config: TrainConfig;
  outDir: string;
  label: string;
  /** Policy folder to benchmark (a checkpoint's `policy/`); default the run's starting policy. */
  policyFrom?: string;
  /** Only these held-out profiles (default all). */
  profileIds?: readonly string[];
}

/** How a background benchmark ended: `ok`, or the child's exit and the end of its error output. */
export type BackgroundBenchmarkOutcome = { ok: true } | { ok: false; reason: string };

/** Where the child runs and on which TensorFlow.js backend (the parent's, so its dialogues are the parent's). */
export interface BackgroundBenchmarkProcess {
  /** Path of the app's child entry, a module that calls `serveBackgroundBenchmark`. */
  childModule: string;
  /** The parent's TensorFlow.js backend name (`tensorflow`, `wasm`, `cpu`). */
  backend: string;
}

/**
 * Run a benchmark in a child process (its own TensorFlow.js backend on another core): the *starting* policy while
 * the parent trains, or a checkpoint's policy on part of the profiles while the parent runs the rest. It writes the
 * usual append-only results into `outDir`; the parent then calls `runBenchmark` on the same folder, which resumes
 * and finds every dialogue done (or runs what is missing, e.g. after a failure here). Never rejects.
 */
export function runBenchmarkInBackground(
  process_: BackgroundBenchmarkProcess,
  request: BackgroundBenchmarkRequest,
): Promise<BackgroundBenchmarkOutcome> {
  // On native TensorFlow the child takes half the cores for its ops, as the parent keeps training on all of them.
  const env = {
    ...process.env,
    RLVER_TF_BACKEND: process_.backend,
    ...(process_.backend === 'tensorflow' && process.env.TF_NUM_INTRAOP_THREADS === undefined
      ? { TF_NUM_INTRAOP_THREADS: String(Math.max(1, Math.floor(availableParallelism() / 2))) }
      : {}),
  };
  return new Promise((resolve) => {
    const child = fork(process_.childModule, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env });
    let errorOutput = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errorOutput = (errorOutput + chunk.toString()).slice(-2000);
    });
    child.once('error', (error) => resolve({ ok: false, reason: error.message }));
    child.once('exit', (code, signal) =>
      resolve(
        code === 0
          ? { ok: true }
          : {
              ok: false,
              reason: `exit ${signal ?? code}${errorOutput ? `: ${errorOutput.trim().split('\n').at(-1)}` : ''}`,
            },
      ),
    );
    child.send(request);
  });
}

/** How the app's child entry builds what it benchmarks. */
export interface BackgroundBenchmarkBuilders {
  /** Start the TensorFlow.js backend the parent named (`RLVER_TF_BACKEND`). */
  initBackend(): Promise<unknown>;
  /** The policy of `policyFrom` (default the run's starting policy), the `sage` simulated user and the profiles. */
  buildParts(config: TrainConfig, policyFrom: string | undefined): Promise<HeldOutParts>;
}

/**
 * The child side of `runBenchmarkInBackground`, called once by the app's child entry: receives one
 * `BackgroundBenchmarkRequest` over IPC, benchmarks the requested policy on the requested profiles into the given
 * folder and exits (0 when every dialogue is done, 1 with the error on stderr otherwise). Exits 1 when the parent
 * goes away (crash, kill) rather than running on as an orphan; a resumed run finishes the benchmark.
 */
export function serveBackgroundBenchmark(builders: BackgroundBenchmarkBuilders): void {
  process.once('disconnect', () => process.exit(1));
  process.once('message', (message) => {
    void (async () => {
      const { config, outDir, label, policyFrom, profileIds } = message as BackgroundBenchmarkRequest;
      await builders.initBackend();
      const parts = await builders.buildParts(config, policyFrom);
      const wanted = profileIds ? new Set(profileIds) : undefined;
      const evalProfiles = wanted ? parts.evalProfiles.filter((profile) => wanted.has(profile.id)) : parts.evalProfiles;
      await runBenchmark(heldOutBenchmarkOptions(config, { ...parts, evalProfiles }, outDir, label));
      process.exit(0);
    })().catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    });
  });
}
