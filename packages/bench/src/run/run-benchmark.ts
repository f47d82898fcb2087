import { mkdirSync } from 'node:fs';
import { type EpisodeSpec, inferPresetName, runRollouts } from '@rlver/env';
import type { EndpointUsage } from '@rlver/llm';
import {
  createJsonlAppender,
  type DialoguePolicyV1,
  type EndpointIdentity,
  hashSeed,
  InvalidConfigError,
  type Language,
  type Profile,
  type RunIdentity,
  redactBaseURL,
  type SamplingOptions,
  type StrategyTaggerV1,
  type Trajectory,
  type UserSimulatorV1,
} from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import type { CapabilityJudge } from '../judge/capability-judge';
import { type CapabilityJudgeSummary, judgeTrajectories } from '../judge/judge-run';
import { isScoredEpisode } from '../score/compute-sentient-score';
import type { BenchmarkSettings, BenchmarkSummary } from '../summary/benchmark-summary';
import { buildBenchmarkSummary } from '../summary/build-summary';
import { episodeKey, resultPaths, writeFileAtomic } from './results-files';
import { resumeResults } from './resume-results';
import { writeSageResults } from './write-sage-results';

/** Progress after every finished episode. */
export interface BenchmarkProgress {
  /** Episodes finished, resumed ones included. */
  done: number;
  total: number;
  /** Episodes found finished in the results file. */
  resumed: number;
  /** Mean final emotion of the finished, non-errored episodes so far (null before the first). */
  meanEmotion: number | null;
  errors: number;
  /** The episode that just finished (undefined for the initial report). */
  trajectory?: Trajectory;
}

export interface RunBenchmarkOptions {
  profiles: readonly Profile[];
  simulator: UserSimulatorV1;
  policy: DialoguePolicyV1;
  /** Output directory: `results.jsonl`, `sage-results.jsonl`, `summary.json` (and `judge.json`). */
  outDir: string;
  /** Episodes in flight at once (default 4). */
  concurrency?: number;
  /** Runs over every profile (default 1); the summary reports mean ± std. */
  repeats?: number;
  /** Preset name recorded with the run (default: inferred from the simulator settings by the environment). */
  preset?: string;
  /** Base seed (default 0); episode seed = hash(seed, profile id, repeat), stable across resumes. */
  seed?: number;
  /** Policy sampling (default greedy, temperature 0, spec §10 #6). */
  sampling?: SamplingOptions;
  /** Stops starting episodes; running ones end as interrupted (not written); a rerun resumes. */
  signal?: AbortSignal;
  onProgress?: (progress: BenchmarkProgress) => void;
  /** Labels replies for the strategy profile (default the rule tagger of `@rlver/strategies`; null = none). */
  tagger?: StrategyTaggerV1 | null;
  /** Optional capability judge (not paper parity). */
  judge?: CapabilityJudge;
  /** Display name (default the policy id). */
  label?: string;
  /** Where the profiles came from (recorded). */
  profilesSource?: string;
  /** Extra settings to record (endpoint, cache mode, command line, …). */
  extraSettings?: Record<string, unknown>;
  /** Policy system prompt (default the environment's for the profile language). */
  systemPrompt?: string | ((lang: Language) => string);
  /** Use the think-then-say system prompt (default false); ignored when `systemPrompt` is given. */
  thinking?: boolean;
  policyTimeoutMs?: number;
  simulatorTimeoutMs?: number;
  /**
   * LLM endpoints of the run by role (`policy`, `simulator`, `judge`): base URL and model, recorded on every
   * result line with preset, seed and think (credentials are stripped from the URL; keys are never recorded).
   * A resume whose identity differs is refused, naming the field.
   */
  endpoints?: Record<string, EndpointIdentity>;
  /** LLM usage per endpoint role so far (`EndpointFactory.usage`), read after the judge: `summary.json` → `endpoints`. */
  endpointUsage?: () => Record<string, EndpointUsage>;
}

export interface BenchmarkResult {
  summary: BenchmarkSummary;
  /** Finished trajectories, in profile order then repeat. */
  trajectories: Trajectory[];
  files: ReturnType<typeof resultPaths>;
  /** Whether every (profile, repeat) pair has finished. */
  complete: boolean;
  resumed: number;
  judge?: CapabilityJudgeSummary;
}

function validate(options: RunBenchmarkOptions, repeats: number, concurrency: number): void {
  if (options.profiles.length === 0) {
    throw new InvalidConfigError({ field: 'profiles', message: 'no profiles to run; give a non-empty profile list' });
  }
  if (!Number.isInteger(repeats) || repeats < 1) {
    throw new InvalidConfigError({ field: '--repeats', message: `--repeats is ${repeats}; set it to an integer ≥ 1` });
  }
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new InvalidConfigError({
      field: '--concurrency',
      message: `--concurrency is ${concurrency}; set it to an integer ≥ 1`,
    });
  }
  const seen = new Set<string>();
  for (const profile of options.profiles) {
    if (seen.has(profile.id)) {
      throw new InvalidConfigError({
        field: 'profiles',
        message: `profile id "${profile.id}" occurs twice; ids must be unique`,
      });
    }
    seen.add(profile.id);
  }
}

/**
 * Run the Sentient benchmark: every profile × `repeats` through the shared rollout engine, appending each
 * finished trajectory to `results.jsonl` as it ends (crash-safe), with the run's identity. A rerun with the same
 * `outDir` skips the finished (profile id, repeat) pairs and redoes the errored ones; one with another identity
 * (preset, seed, think, policy, simulator, endpoints) is refused. Ends by writing the SAGE-format export and
 * `summary.json`.
 */
export async function runBenchmark(options: RunBenchmarkOptions): Promise<BenchmarkResult> {
  const repeats = options.repeats ?? 1;
  const concurrency = options.concurrency ?? 4;
  const seed = options.seed ?? 0;
  const sampling = options.sampling ?? { temperature: 0 };
  validate(options, repeats, concurrency);
  const startedAt = new Date();
  const files = resultPaths(options.outDir);
  mkdirSync(options.outDir, { recursive: true });
  const tagger = options.tagger === null ? undefined : (options.tagger ?? createRuleTagger());

  const profileIds = new Set(options.profiles.map((profile) => profile.id));
  const identity: RunIdentity = {
    preset: options.preset ?? inferPresetName(options.simulator.settings),
    seed,
    think: options.thinking ?? false,
    policyId: options.policy.policyId,
    simulatorId: options.simulator.simulatorId,
    endpoints: Object.fromEntries(
      Object.entries(options.endpoints ?? {}).map(([role, endpoint]) => [
        role,
        { baseURL: redactBaseURL(endpoint.baseURL), model: endpoint.model },
      ]),
    ),
  };
  // Errored dialogues are never final: they leave results.jsonl (for errored.jsonl) and run again.
  const { finished, redone, setAside } = resumeResults(files, {
    identity,
    inScope: (trajectory) => profileIds.has(trajectory.profileId) && (trajectory.repeat ?? 0) < repeats,
  });
  const resumed = finished.size;
  const episodes: EpisodeSpec[] = [];
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    for (const profile of options.profiles) {
      if (finished.has(episodeKey(profile.id, repeat))) continue;
      episodes.push({ profile, repeat, seed: hashSeed(seed, profile.id, repeat) });
    }
  }

  const total = options.profiles.length * repeats;
  const report = (trajectory?: Trajectory) => {
    const done = [...finished.values()];
    const counted = done.filter(isScoredEpisode);
    options.onProgress?.({
      done: done.length,
      total,
      resumed,
      meanEmotion:
        counted.length === 0 ? null : counted.reduce((sum, item) => sum + item.finalEmotion, 0) / counted.length,
      errors: done.length - counted.length,
      trajectory,
    });
  };
  report();

  if (episodes.length > 0 && !options.signal?.aborted) {
    // Episodes that end together share one write and fsync; each is on disk before it counts as finished.
    const results = createJsonlAppender(files.results);
    await runRollouts({
      policy: options.policy,
      simulator: options.simulator,
      episodes,
      concurrency,
      sampling,
      signal: options.signal,
      tagger,
      preset: options.preset,
      systemPrompt: options.systemPrompt,
      thinking: options.thinking,
      policyTimeoutMs: options.policyTimeoutMs,
      simulatorTimeoutMs: options.simulatorTimeoutMs,
      onEpisodeEnd: async (finishedTrajectory) => {
        const trajectory = { ...finishedTrajectory, identity };
        await results.append(trajectory);
        finished.set(episodeKey(trajectory.profileId, trajectory.repeat ?? 0), trajectory);
        report(trajectory);
      },
    });
  }

  const order = new Map(options.profiles.map((profile, index) => [profile.id, index]));
  const trajectories = [...finished.values()].sort(
    (a, b) => (a.repeat ?? 0) - (b.repeat ?? 0) || (order.get(a.profileId) ?? 0) - (order.get(b.profileId) ?? 0),
  );
  writeSageResults(files.sageResults, trajectories, options.profiles);

  let judge: CapabilityJudgeSummary | undefined;
  if (options.judge && !options.signal?.aborted) {
    judge = await judgeTrajectories(options.judge, trajectories, { concurrency, signal: options.signal });
    writeFileAtomic(files.judge, `${JSON.stringify(judge, null, 2)}\n`);
  }

  const settings: BenchmarkSettings = {
    preset: options.preset ?? trajectories[0]?.preset ?? 'custom',
    emotion: options.simulator.settings,
    simulatorId: options.simulator.simulatorId,
    policyId: options.policy.policyId,
    sampling: { ...sampling },
    seed,
    concurrency,
    repeats,
    profiles: {
      source: options.profilesSource ?? 'in-memory',
      count: options.profiles.length,
      ids: options.profiles.map((profile) => profile.id),
    },
    taggerId: tagger?.taggerId ?? null,
    judge: options.judge ? { judgeId: options.judge.judgeId, promptVersion: options.judge.promptVersion } : null,
    runtime: { node: process.version, platform: `${process.platform}-${process.arch}` },
    ...options.extraSettings,
  };
  const summary = buildBenchmarkSummary(trajectories, {
    label: options.label ?? options.policy.policyId,
    settings,
    judge,
    complete: trajectories.length === total,
    timing: {
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      episodesRun: trajectories.length - resumed,
      episodesResumed: resumed,
      episodesRedone: redone,
      ...(setAside > 0 ? { tornLinesSetAside: setAside } : {}),
    },
  });
  const usage = options.endpointUsage?.() ?? {};
  if (Object.keys(usage).length > 0) summary.endpoints = usage;
  writeFileAtomic(files.summary, `${JSON.stringify(summary, null, 2)}\n`);
  return { summary, trajectories, files, complete: summary.complete, resumed, judge };
}
