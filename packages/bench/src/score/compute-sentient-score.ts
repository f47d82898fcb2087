import type { StopReason } from '@rlver/spec';
import { meanAndStd } from '@rlver/stats';
import { roundMeanHalfUp } from './round-half-up';

/** The part of an episode the Sentient score needs (a trajectory or a reference result record). */
export interface ScoredEpisode {
  profileId: string;
  finalEmotion: number;
  /** `error` and `interrupted` episodes are excluded from the score and listed separately. */
  stopReason?: StopReason;
  error?: { message: string };
  /** Repeat index in `--repeats k` runs (default 0). */
  repeat?: number;
}

/** Thresholds of success and failure (spec §7.1: success = final ≥ 100, failure = final < 10). */
export interface ScoreThresholds {
  /** Success when `finalEmotion >= successAt` (default 100). */
  successAt: number;
  /** Failure when `finalEmotion < failureBelow` (default 10). */
  failureBelow: number;
}

export const SAGE_THRESHOLDS: Readonly<ScoreThresholds> = Object.freeze({ successAt: 100, failureBelow: 10 });

/** An episode left out of the score, with why. */
export interface ExcludedEpisode {
  profileId: string;
  repeat: number;
  stopReason: StopReason;
  message: string;
}

export interface SentientScore {
  /** Mean final emotion, 1 decimal, half-up from the integer sum; null when no episode counts. */
  score: number | null;
  /** Episodes counted in the score. */
  profiles: number;
  /** Sum of final emotions of the counted episodes (exact). */
  emotionSum: number;
  /** Counted episodes with final ≥ `successAt`. */
  success: number;
  /** Counted episodes with final < `failureBelow`. */
  failure: number;
  /** Episodes left out (stopReason `error` or `interrupted`). */
  excluded: ExcludedEpisode[];
}

const EXCLUDED_REASONS: ReadonlySet<StopReason> = new Set(['error', 'interrupted']);

/** Whether an episode counts toward the score (it did not end in an error or an interruption). */
export function isScoredEpisode(episode: Pick<ScoredEpisode, 'stopReason'>): boolean {
  return episode.stopReason === undefined || !EXCLUDED_REASONS.has(episode.stopReason);
}

/**
 * The Sentient score of one run (spec §7.1): mean final emotion over profiles (1 decimal, half-up on
 * the exact value), success and failure counts. Errored and interrupted episodes are excluded and listed.
 */
export function computeSentientScore(
  episodes: readonly ScoredEpisode[],
  thresholds: ScoreThresholds = SAGE_THRESHOLDS,
): SentientScore {
  let emotionSum = 0;
  let profiles = 0;
  let success = 0;
  let failure = 0;
  const excluded: ExcludedEpisode[] = [];
  for (const episode of episodes) {
    if (!isScoredEpisode(episode)) {
      excluded.push({
        profileId: episode.profileId,
        repeat: episode.repeat ?? 0,
        stopReason: episode.stopReason ?? 'error',
        message: episode.error?.message ?? (episode.stopReason === 'interrupted' ? 'interrupted' : 'unknown error'),
      });
      continue;
    }
    profiles += 1;
    emotionSum += episode.finalEmotion;
    if (episode.finalEmotion >= thresholds.successAt) success += 1;
    if (episode.finalEmotion < thresholds.failureBelow) failure += 1;
  }
  return {
    score: profiles === 0 ? null : roundMeanHalfUp(emotionSum, profiles, 1),
    profiles,
    emotionSum,
    success,
    failure,
    excluded,
  };
}

/** Mean ± sample std of one quantity over repeats. */
export interface MeanStd {
  mean: number;
  std: number;
}

export interface RepeatedScore {
  /** Number of repeats (distinct `repeat` indices). */
  repeats: number;
  /** Score of each repeat, in repeat order. */
  perRepeat: Array<SentientScore & { repeat: number }>;
  /** Mean ± std of the per-repeat score (rounded to 2 decimals); null when no repeat has a score. */
  score: MeanStd | null;
  success: MeanStd;
  failure: MeanStd;
  /** Excluded episodes over all repeats. */
  excluded: ExcludedEpisode[];
}

/** Score every repeat separately and report mean ± std over repeats (`--repeats k`). */
export function computeRepeatedScore(
  episodes: readonly ScoredEpisode[],
  thresholds: ScoreThresholds = SAGE_THRESHOLDS,
): RepeatedScore {
  const byRepeat = new Map<number, ScoredEpisode[]>();
  for (const episode of episodes) {
    const repeat = episode.repeat ?? 0;
    const list = byRepeat.get(repeat) ?? [];
    list.push(episode);
    byRepeat.set(repeat, list);
  }
  const perRepeat = [...byRepeat.entries()]
    .sort(([a], [b]) => a - b)
    .map(([repeat, list]) => ({ repeat, ...computeSentientScore(list, thresholds) }));
  const scores = perRepeat.flatMap((item) => (item.score === null ? [] : [item.score]));
  const spread = (values: readonly number[]): MeanStd =>
    values.length === 0 ? { mean: 0, std: 0 } : meanAndStd(values);
  const round2 = (value: MeanStd): MeanStd => ({
    mean: Math.round(value.mean * 100) / 100,
    std: Math.round(value.std * 100) / 100,
  });
  return {
    repeats: perRepeat.length,
    perRepeat,
    score: scores.length === 0 ? null : round2(spread(scores)),
    success: round2(spread(perRepeat.map((item) => item.success))),
    failure: round2(spread(perRepeat.map((item) => item.failure))),
    excluded: perRepeat.flatMap((item) => item.excluded),
  };
}
