import type { Trajectory } from '@rlver/spec';

/** Emotion of one episode at the opening and after every judged policy reply. */
export function emotionPoints(trajectory: Pick<Trajectory, 'opening' | 'turns'>): number[] {
  return [trajectory.opening.emotion, ...trajectory.turns.filter((turn) => turn.scored).map((turn) => turn.emotion)];
}

/** Mean emotion per turn over a run (index 0 = opening, index t = after the t-th judged reply). */
export interface EmotionCurve {
  /** Mean over all episodes, each ended episode carrying its final emotion forward. */
  carried: number[];
  /** Mean over the episodes still running at that turn. */
  live: number[];
  /** Episodes still running at each turn. */
  liveCounts: number[];
}

/** Pad a curve to `length` points by carrying its last value forward. */
export function carryForward(points: readonly number[], length: number): number[] {
  const last = points[points.length - 1] ?? 0;
  return Array.from({ length }, (_, index) => points[index] ?? last);
}

/** Per-turn mean emotion, carried forward and over live episodes, for episodes given as point lists. */
export function computeEmotionCurve(pointLists: readonly (readonly number[])[], horizon?: number): EmotionCurve {
  const length = Math.max(horizon === undefined ? 0 : horizon + 1, ...pointLists.map((points) => points.length));
  const carried: number[] = [];
  const live: number[] = [];
  const liveCounts: number[] = [];
  for (let index = 0; index < length; index += 1) {
    let carriedSum = 0;
    let liveSum = 0;
    let liveCount = 0;
    for (const points of pointLists) {
      const value = points[index];
      if (value !== undefined) {
        liveSum += value;
        liveCount += 1;
      }
      carriedSum += value ?? points[points.length - 1] ?? 0;
    }
    carried.push(pointLists.length === 0 ? 0 : carriedSum / pointLists.length);
    live.push(liveCount === 0 ? Number.NaN : liveSum / liveCount);
    liveCounts.push(liveCount);
  }
  return { carried, live: live.map((value) => (Number.isNaN(value) ? 0 : value)), liveCounts };
}

/**
 * Normalised area under one episode's emotion curve over `horizon` turns (trapezoids, final value carried
 * forward), divided by the horizon: the dialogue's average emotion level, on the emotion scale.
 */
export function areaUnderCurve(points: readonly number[], horizon: number): number {
  if (points.length === 0) return 0;
  if (horizon <= 0) return points[0] ?? 0;
  const padded = carryForward(points, horizon + 1);
  let area = 0;
  for (let index = 1; index < padded.length; index += 1) {
    area += ((padded[index - 1] ?? 0) + (padded[index] ?? 0)) / 2;
  }
  return area / horizon;
}

/** Population standard deviation of the per-turn changes of one episode (0 with fewer than two points). */
export function volatility(points: readonly number[]): number {
  if (points.length < 2) return 0;
  const deltas = points.slice(1).map((value, index) => value - (points[index] ?? 0));
  const mean = deltas.reduce((total, value) => total + value, 0) / deltas.length;
  return Math.sqrt(deltas.reduce((total, value) => total + (value - mean) ** 2, 0) / deltas.length);
}

/** Judged replies until the emotion first reaches `successAt`; undefined when it never does. */
export function turnsToSuccess(points: readonly number[], successAt: number): number | undefined {
  const index = points.findIndex((value) => value >= successAt);
  return index < 0 ? undefined : index;
}
