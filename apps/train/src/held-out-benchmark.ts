import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { RunBenchmarkOptions } from '@rlver/bench';
import { defaultBaseURL } from '@rlver/llm';
import { initTfBackend } from '@rlver/model';
import type { DialoguePolicyV1, Profile, UserSimulatorV1 } from '@rlver/spec';
import { systemPromptFor, type TrainConfig } from '@rlver/trainer';

/** The held-out benchmark of a run (before and after training): same settings in the parent and in a child. */
export function heldOutBenchmarkOptions(
  config: TrainConfig,
  parts: { policy: DialoguePolicyV1; evalSimulator: UserSimulatorV1; evalProfiles: Profile[] },
  outDir: string,
  label: string,
): RunBenchmarkOptions {
  return {
    profiles: parts.evalProfiles,
    simulator: parts.evalSimulator,
    policy: parts.policy,
    outDir,
    concurrency: config.concurrency,
    seed: config.seed,
    sampling: { temperature: config.evalTemperature, maxNewTokens: config.sampling.maxNewTokens },
    label,
    thinking: config.think,
    systemPrompt: systemPromptFor(config),
    endpoints: config.simulator.startsWith('openai:')
      ? {
          simulator: {
            baseURL: config.baseURL ?? defaultBaseURL(),
            model: config.simulator.slice('openai:'.length),
          },
        }
      : {},
  };
}

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

/**
 * Run a benchmark in a child process (its own TensorFlow.js backend on another core): the *starting* policy while
 * the parent trains, or a checkpoint's policy on part of the profiles while the parent runs the rest. It writes the
 * usual append-only results into `outDir`; the parent then calls `runBenchmark` on the same folder, which resumes and finds every dialogue done (or runs what is missing, e.g.
 * after a failure here). Never rejects.
 */
export async function runBenchmarkInBackground(
  request: BackgroundBenchmarkRequest,
): Promise<BackgroundBenchmarkOutcome> {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const childModule = fileURLToPath(new URL(`./benchmark-child${extension}`, import.meta.url));
  // The child runs on the parent's backend, so its dialogues are the ones the parent would produce; on
  // native TensorFlow it takes half the cores for its ops, as the parent keeps training on all of them.
  const backend = await initTfBackend({ log: () => {} });
  const env = {
    ...process.env,
    RLVER_TF_BACKEND: backend,
    ...(backend === 'tensorflow' && process.env.TF_NUM_INTRAOP_THREADS === undefined
      ? { TF_NUM_INTRAOP_THREADS: String(Math.max(1, Math.floor(availableParallelism() / 2))) }
      : {}),
  };
  return new Promise((resolve) => {
    const child = fork(childModule, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env });
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
