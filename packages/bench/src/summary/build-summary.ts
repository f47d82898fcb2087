import { summarizeReplyMonitors } from '@rlver/reward';
import type { Trajectory } from '@rlver/spec';
import type { CapabilityJudgeSummary } from '../judge/judge-run';
import type { SyncStrategyTagger } from '../metrics/strategy-profile';
import { computeTrajectoryMetrics } from '../metrics/trajectory-metrics';
import { computeRepeatedScore, type ScoreThresholds } from '../score/compute-sentient-score';
import type { BenchmarkSettings, BenchmarkSummary } from './benchmark-summary';

export interface BuildSummaryOptions {
  label: string;
  /** Whether every (profile, repeat) pair finished. */
  complete: boolean;
  settings: BenchmarkSettings;
  timing: BenchmarkSummary['timing'];
  thresholds?: ScoreThresholds;
  tagger?: SyncStrategyTagger;
  judge?: CapabilityJudgeSummary;
  createdAt?: string;
}

/**
 * Score a run and gather its metrics into the `summary.json` record. Thresholds default to the emotion
 * settings (success at the cap, failure below the sage floor of 10).
 */
export function buildBenchmarkSummary(
  trajectories: readonly Trajectory[],
  options: BuildSummaryOptions,
): BenchmarkSummary {
  const emotion = options.settings.emotion;
  const thresholds = options.thresholds ?? { successAt: emotion.cap, failureBelow: 10 };
  const horizon = emotion.maxPolicyTurns - (emotion.scoreFinalReply ? 0 : 1);
  const repeated = computeRepeatedScore(trajectories, thresholds);
  const metrics = computeTrajectoryMetrics(trajectories, { thresholds, horizon, tagger: options.tagger });
  const single = repeated.perRepeat.length === 1 ? repeated.perRepeat[0] : undefined;
  return {
    schemaVersion: 1,
    createdAt: options.createdAt ?? new Date().toISOString(),
    label: options.label,
    complete: options.complete,
    score: single ? single.score : (repeated.score?.mean ?? null),
    scoreStd: repeated.score?.std ?? 0,
    success: single ? single.success : repeated.success.mean,
    failure: single ? single.failure : repeated.failure.mean,
    profiles: single ? single.profiles : Math.round(metrics.episodes / Math.max(1, repeated.repeats)),
    errors: repeated.excluded.length,
    excluded: repeated.excluded,
    repeats: {
      count: repeated.repeats,
      score: repeated.score,
      success: repeated.success,
      failure: repeated.failure,
      perRepeat: repeated.perRepeat.map((item) => ({
        repeat: item.repeat,
        score: item.score,
        success: item.success,
        failure: item.failure,
        profiles: item.profiles,
        excluded: item.excluded.length,
      })),
    },
    curve: metrics.curve,
    metrics: {
      auc: metrics.auc,
      horizon: metrics.horizon,
      volatility: metrics.volatility,
      turnsToSuccess: metrics.turnsToSuccess,
      turnsPerEpisode: metrics.turnsPerEpisode,
      responseLength: metrics.responseLength,
    },
    monitors: summarizeReplyMonitors(trajectories),
    stopReasons: metrics.stopReasons,
    endings: metrics.endings,
    strategies: metrics.strategies,
    ...(options.judge
      ? {
          judge: {
            judgeId: options.judge.judgeId,
            promptVersion: options.judge.promptVersion,
            parity: options.judge.parity,
            means: options.judge.means,
            dialogues: options.judge.dialogues,
            failures: options.judge.failures,
          },
        }
      : {}),
    settings: options.settings,
    timing: options.timing,
  };
}
