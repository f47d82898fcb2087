import type { BenchmarkResult } from '@rlver/bench';
import { edgeSteps } from '@rlver/reward';
import type { IntentionKey } from '@rlver/spec';
import { mean } from '@rlver/stats';
import type { TrainConfig } from '../config/train-config';
import { lastPerStep, seriesOf } from './metrics-lines';
import { type MonitorComparison, modeCollapseWarnings, rewardHackingWarnings } from './reward-hacking-warnings';
import { computeStrategyShift } from './strategy-shift';
import { type ThinkDependence, thinkFormatShare } from './think-summary';
import type { BenchmarkScore, StepSpan, TrainingSummary } from './training-summary';

/** The summary.json record of one held-out benchmark. */
export function benchmarkScore(result: BenchmarkResult): BenchmarkScore {
  const { summary } = result;
  return {
    score: summary.score,
    success: summary.success,
    failure: summary.failure,
    dialogues: summary.profiles,
    errors: summary.errors,
    strategies: summary.strategies?.shares ?? {},
    ...(summary.monitors ? { monitors: summary.monitors } : {}),
  };
}

/** Step-metric means over the first and the last steps (`edgeSteps`); null when there are no steps. */
export function trainingStepSpans(
  metrics: ReadonlyArray<Record<string, unknown>>,
): { first: StepSpan; last: StepSpan } | null {
  const lines = lastPerStep(metrics);
  if (lines.length === 0) return null;
  const edges = edgeSteps(lines.map((line) => line.step as number));
  const span = (steps: readonly number[]): StepSpan => {
    const chosen = lines.filter((line) => steps.includes(line.step as number));
    const keys = [...new Set(chosen.flatMap((line) => Object.keys(line)))].filter((key) => key.startsWith('monitor/'));
    return {
      from: Math.min(...steps),
      to: Math.max(...steps),
      rewardMean: mean(seriesOf(chosen, 'rollout/reward_mean')),
      emotionFinal: mean(seriesOf(chosen, 'rollout/emotion_final')),
      monitors: Object.fromEntries(keys.map((key) => [key, mean(seriesOf(chosen, key))])),
    };
  };
  return { first: span(edges.first), last: span(edges.last) };
}

const DEGENERATE = 'monitor/degenerate_fraction';

/** Start-vs-end comparisons of the reward and the degenerate fraction: held-out benchmark, training steps. */
function monitorComparisons(
  before: BenchmarkScore | null,
  after: BenchmarkScore | null,
  training: { first: StepSpan; last: StepSpan } | null,
): MonitorComparison[] {
  const comparisons: MonitorComparison[] = [];
  const beforeDegenerate = before?.monitors?.metrics[DEGENERATE];
  const afterDegenerate = after?.monitors?.metrics[DEGENERATE];
  if (
    before?.score != null &&
    after?.score != null &&
    beforeDegenerate !== undefined &&
    afterDegenerate !== undefined
  ) {
    comparisons.push({
      source: 'held-out benchmark (after vs before training)',
      rewardName: 'score',
      rewardBefore: before.score,
      rewardAfter: after.score,
      rewardDecimals: 1,
      degenerateBefore: beforeDegenerate,
      degenerateAfter: afterDegenerate,
    });
  }
  const first = training?.first.monitors[DEGENERATE];
  const last = training?.last.monitors[DEGENERATE];
  if (training && first !== undefined && last !== undefined) {
    const span = (item: StepSpan) => (item.from === item.to ? `step ${item.from}` : `steps ${item.from}–${item.to}`);
    comparisons.push({
      source: `training dialogues (${span(training.last)} vs ${span(training.first)})`,
      rewardName: 'reward',
      rewardBefore: training.first.rewardMean,
      rewardAfter: training.last.rewardMean,
      rewardDecimals: 3,
      degenerateBefore: first,
      degenerateAfter: last,
    });
  }
  return comparisons;
}

export interface BuildTrainingSummaryOptions {
  runId: string;
  config: Pick<TrainConfig, 'algo' | 'think' | 'seed' | 'steps'>;
  backend: string;
  wallSeconds: number;
  before?: BenchmarkResult;
  after?: BenchmarkResult;
  /** metrics.jsonl lines. */
  metrics: ReadonlyArray<Record<string, unknown>>;
  /** The hidden intention of a held-out profile, for the strategy shift per intention (default: none known). */
  intentionOf?: (profileId: string) => IntentionKey | undefined;
  /** Think runs: the think-dependence check on the trained policy (absent: not run). */
  thinkDependence?: readonly ThinkDependence[];
}

/**
 * `runs/<run-id>/summary.json`: before/after held-out scores with their reply monitors, the first and last training
 * steps, the reward-hacking warnings (`rewardHackingWarnings`) and, for think runs, the think format rate and
 * think-dependence check.
 */
export function buildTrainingSummary(options: BuildTrainingSummaryOptions): TrainingSummary {
  const before = options.before ? benchmarkScore(options.before) : null;
  const after = options.after ? benchmarkScore(options.after) : null;
  const training = trainingStepSpans(options.metrics);
  return {
    schemaVersion: 1,
    runId: options.runId,
    algo: options.config.algo,
    think: options.config.think,
    seed: options.config.seed,
    steps: options.config.steps,
    backend: options.backend,
    wallSeconds: options.wallSeconds,
    before,
    after,
    improvement: before?.score != null && after?.score != null ? after.score - before.score : null,
    training,
    warnings: [
      ...rewardHackingWarnings(monitorComparisons(before, after, training)),
      ...modeCollapseWarnings(before?.monitors, after?.monitors),
    ],
    strategyShift:
      options.before && options.after
        ? computeStrategyShift({
            before: options.before.trajectories,
            after: options.after.trajectories,
            intentionOf: options.intentionOf ?? (() => undefined),
          })
        : null,
    ...(options.config.think
      ? {
          thinkCheck: {
            formatBefore: options.before ? thinkFormatShare(options.before.trajectories) : null,
            formatAfter: options.after ? thinkFormatShare(options.after.trajectories) : null,
            dependence: options.thinkDependence ? [...options.thinkDependence] : null,
          },
        }
      : {}),
  };
}
