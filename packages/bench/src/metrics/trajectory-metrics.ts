import type { Trajectory } from '@rlver/spec';
import { mean, meanAndStd } from '@rlver/stats';
import { isScoredEpisode, SAGE_THRESHOLDS, type ScoreThresholds } from '../score/compute-sentient-score';
import {
  areaUnderCurve,
  computeEmotionCurve,
  type EmotionCurve,
  emotionPoints,
  turnsToSuccess,
  volatility,
} from './emotion-curve';
import { computeStrategyProfile, type StrategyProfile, type SyncStrategyTagger } from './strategy-profile';

/**
 * How an episode ended, with the goodbye/threshold combinations of spec §4.1: `turn_cap`,
 * `goodbye_floor` (goodbye with score below the floor), `floor_only`, `goodbye_ceiling`, `ceiling_only`,
 * `goodbye_mid`, and the other stop reasons by name.
 */
export type EndingKind =
  | 'turn_cap'
  | 'goodbye_floor'
  | 'floor_only'
  | 'goodbye_ceiling'
  | 'ceiling_only'
  | 'goodbye_mid'
  | 'error'
  | 'length_budget'
  | 'policy_empty'
  | 'interrupted';

/** Classify an episode's ending (spec §4.1 breakdown). */
export function endingKindOf(
  trajectory: Pick<Trajectory, 'stopReason' | 'finalEmotion'>,
  thresholds: ScoreThresholds = SAGE_THRESHOLDS,
): EndingKind {
  switch (trajectory.stopReason) {
    case 'max_turns':
      return 'turn_cap';
    case 'floor':
      return 'floor_only';
    case 'ceiling':
      return 'ceiling_only';
    case 'goodbye':
      if (trajectory.finalEmotion < thresholds.failureBelow) return 'goodbye_floor';
      if (trajectory.finalEmotion >= thresholds.successAt) return 'goodbye_ceiling';
      return 'goodbye_mid';
    default:
      return trajectory.stopReason;
  }
}

export interface TrajectoryMetrics {
  /** Episodes measured (errors and interruptions excluded). */
  episodes: number;
  /** Per-turn mean emotion (index 0 = opening). */
  curve: EmotionCurve;
  /** Mean normalised area under the emotion curve (average emotion level over the horizon). */
  auc: number;
  /** Turns the AUC and the carried curve span. */
  horizon: number;
  /** Mean over episodes of the std of per-turn emotion changes. */
  volatility: number;
  /** Judged replies until success, over the episodes that reached it. */
  turnsToSuccess: { episodes: number; mean: number; median: number } | null;
  /** Policy replies per episode. */
  turnsPerEpisode: number;
  /** `stopReason` counts over all episodes (errors included). */
  stopReasons: Record<string, number>;
  /** Ending counts with goodbye/threshold combinations (spec §4.1), all episodes. */
  endings: Record<string, number>;
  /** Visible reply length: mean characters, std, and mean output tokens when recorded. */
  responseLength: { meanChars: number; stdChars: number; meanTokens: number | null };
  strategies: StrategyProfile | null;
}

export interface TrajectoryMetricsOptions {
  thresholds?: ScoreThresholds;
  /** Turns spanned by curves and AUC (default: the longest episode). Use the preset's judged-turn cap to compare runs. */
  horizon?: number;
  /** Tags replies that carry no `strategyLabels`. */
  tagger?: SyncStrategyTagger;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Emotion-trajectory metrics of one run (spec §1.5 #7): curves, AUC, volatility, turns to success, endings, lengths, strategies. */
export function computeTrajectoryMetrics(
  trajectories: readonly Trajectory[],
  options: TrajectoryMetricsOptions = {},
): TrajectoryMetrics {
  const thresholds = options.thresholds ?? SAGE_THRESHOLDS;
  const measured = trajectories.filter(isScoredEpisode);
  const pointLists = measured.map(emotionPoints);
  const horizon = options.horizon ?? Math.max(0, ...pointLists.map((points) => points.length - 1));
  const successTurns = pointLists.flatMap((points) => {
    const turns = turnsToSuccess(points, thresholds.successAt);
    return turns === undefined ? [] : [turns];
  });
  const replies = measured.flatMap((trajectory) => trajectory.turns);
  const lengths = meanAndStd(replies.map((turn) => [...turn.reply].length));
  const tokenCounts = replies.map((turn) => turn.outputTokenCount).filter((count) => count > 0);
  return {
    episodes: measured.length,
    curve: computeEmotionCurve(pointLists, horizon),
    auc: mean(pointLists.map((points) => areaUnderCurve(points, horizon))),
    horizon,
    volatility: mean(pointLists.map(volatility)),
    turnsToSuccess:
      successTurns.length === 0
        ? null
        : { episodes: successTurns.length, mean: mean(successTurns), median: median(successTurns) },
    turnsPerEpisode: mean(measured.map((trajectory) => trajectory.turns.length)),
    stopReasons: countBy(trajectories, (trajectory) => trajectory.stopReason),
    endings: countBy(trajectories, (trajectory) => endingKindOf(trajectory, thresholds)),
    responseLength: {
      meanChars: replies.length === 0 ? 0 : lengths.mean,
      stdChars: replies.length === 0 ? 0 : lengths.std,
      meanTokens: tokenCounts.length === 0 ? null : mean(tokenCounts),
    },
    strategies: computeStrategyProfile(measured, options.tagger),
  };
}
