import type { Trajectory } from '@rlver/spec';
import { SAGE_THRESHOLDS, type ScoreThresholds } from '../score/compute-sentient-score';

/** Outcome of a dialogue, as the transcript filter groups them. */
export type TranscriptOutcome = 'success' | 'failure' | 'middle' | 'error';

/** `success` (final ≥ 100), `failure` (final < 10), `error`, else `middle`. */
export function outcomeOf(trajectory: Trajectory, thresholds: ScoreThresholds = SAGE_THRESHOLDS): TranscriptOutcome {
  if (trajectory.stopReason === 'error') return 'error';
  if (trajectory.finalEmotion >= thresholds.successAt) return 'success';
  if (trajectory.finalEmotion < thresholds.failureBelow) return 'failure';
  return 'middle';
}

/**
 * Pick at most `limit` dialogues to show, spread over outcomes: the buckets take turns (success, failure, middle,
 * error), each in file order, so every outcome present is shown. Returns indices into `trajectories`, ascending.
 */
export function sampleTranscripts(
  trajectories: readonly Trajectory[],
  limit: number,
  thresholds: ScoreThresholds = SAGE_THRESHOLDS,
): number[] {
  if (trajectories.length <= limit) return trajectories.map((_, index) => index);
  const buckets = new Map<TranscriptOutcome, number[]>();
  trajectories.forEach((trajectory, index) => {
    const outcome = outcomeOf(trajectory, thresholds);
    buckets.set(outcome, [...(buckets.get(outcome) ?? []), index]);
  });
  const order = (['success', 'failure', 'middle', 'error'] as const).map((outcome) => buckets.get(outcome) ?? []);
  const chosen: number[] = [];
  for (let round = 0; chosen.length < limit; round += 1) {
    let added = false;
    for (const bucket of order) {
      const index = bucket[round];
      if (index === undefined || chosen.length >= limit) continue;
      chosen.push(index);
      added = true;
    }
    if (!added) break;
  }
  return chosen.sort((a, b) => a - b);
}
