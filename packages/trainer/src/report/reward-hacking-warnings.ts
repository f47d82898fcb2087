/** Rise of the degenerate-reply fraction (0–1) above which a run is flagged: 5 percentage points. */
export const DEGENERATE_RISE_THRESHOLD = 0.05;

/** The reward and the degenerate fraction of replies at a run's start and end, as one source measured them. */
export interface MonitorComparison {
  /** Where the figures come from, e.g. `held-out benchmark (after vs before training)`. */
  source: string;
  /** What the reward is, e.g. `held-out score`, `training reward`. */
  rewardName: string;
  rewardBefore: number;
  rewardAfter: number;
  /** Reward figures with this many decimals (score 1, reward 3). */
  rewardDecimals: number;
  degenerateBefore: number;
  degenerateAfter: number;
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

/**
 * Plain-words warnings for the comparisons whose degenerate fraction rose by more than
 * `DEGENERATE_RISE_THRESHOLD`: "the reward rose while replies degraded: likely reward hacking" when the reward rose
 * too, else that the replies degraded without a reward gain. Each warning gives its figures.
 */
export function rewardHackingWarnings(comparisons: readonly MonitorComparison[]): string[] {
  return comparisons.flatMap((item) => {
    const rise = item.degenerateAfter - item.degenerateBefore;
    if (!(rise > DEGENERATE_RISE_THRESHOLD)) return [];
    const reward = `${item.rewardName} ${item.rewardBefore.toFixed(item.rewardDecimals)} → ${item.rewardAfter.toFixed(item.rewardDecimals)}`;
    const degraded = `degenerate replies ${percent(item.degenerateBefore)} → ${percent(item.degenerateAfter)} (+${(rise * 100).toFixed(1)} points)`;
    return item.rewardAfter > item.rewardBefore
      ? [`${item.source}: the reward rose while replies degraded: likely reward hacking (${reward}; ${degraded})`]
      : [`${item.source}: replies degraded while the reward did not rise (${reward}; ${degraded})`];
  });
}

/** Rise of the most common reply opening's share (0–1) above which a run is flagged as collapsing: 20 points. */
export const TOP_OPENING_RISE_THRESHOLD = 0.2;
/** Relative fall of distinct-2 above which a run is flagged as collapsing: 40 %. */
export const DISTINCT_FALL_THRESHOLD = 0.4;

interface MonitorFigures {
  topOpening: string;
  metrics: Record<string, number>;
}

/**
 * Plain-words warnings when the held-out replies collapsed onto one shape, which the degenerate share does not
 * see (every reply may be fluent and still the same): the most common opening's share rose by more than
 * `TOP_OPENING_RISE_THRESHOLD`, or distinct-2 fell by more than `DISTINCT_FALL_THRESHOLD` of its start.
 */
export function modeCollapseWarnings(before: MonitorFigures | undefined, after: MonitorFigures | undefined): string[] {
  if (!before || !after) return [];
  const warnings: string[] = [];
  const openingBefore = before.metrics['monitor/top_opening_share'];
  const openingAfter = after.metrics['monitor/top_opening_share'];
  if (
    openingBefore !== undefined &&
    openingAfter !== undefined &&
    openingAfter - openingBefore > TOP_OPENING_RISE_THRESHOLD
  ) {
    warnings.push(
      `held-out benchmark: replies collapsed onto one opening (“${after.topOpening}” starts ${percent(openingAfter)} of replies, was ${percent(openingBefore)} for the most common opening before training): likely mode collapse`,
    );
  }
  const distinctBefore = before.metrics['monitor/distinct_2'];
  const distinctAfter = after.metrics['monitor/distinct_2'];
  if (
    distinctBefore !== undefined &&
    distinctAfter !== undefined &&
    distinctBefore > 0 &&
    (distinctBefore - distinctAfter) / distinctBefore > DISTINCT_FALL_THRESHOLD
  ) {
    warnings.push(
      `held-out benchmark: the replies' vocabulary narrowed (distinct-2 ${distinctBefore.toFixed(3)} → ${distinctAfter.toFixed(3)}, −${Math.round(((distinctBefore - distinctAfter) / distinctBefore) * 100)} %): likely mode collapse`,
    );
  }
  return warnings;
}
