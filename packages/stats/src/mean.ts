/**
 * Arithmetic mean. No values give `empty`, 0 by default: step metrics logged before anything happened read 0,
 * which is what every logging caller wants; pass `Number.NaN` where an absent value must stay visible.
 */
export function mean(values: readonly number[], empty = 0): number {
  if (values.length === 0) return empty;
  return values.reduce((total, value) => total + value, 0) / values.length;
}

/**
 * Sample mean and sample standard deviation (n − 1 in the denominator). One value: its mean and std 0 (no spread
 * observed). No values: both NaN. Group-relative advantages, which need std 1 for a group of one, use
 * `@rlver/grpo`'s `groupMeanAndStd` on top of this.
 */
export function meanAndStd(values: readonly number[]): { mean: number; std: number } {
  if (values.length === 0) return { mean: Number.NaN, std: Number.NaN };
  const average = mean(values, Number.NaN);
  if (values.length === 1) return { mean: average, std: 0 };
  const variance = values.reduce((total, value) => total + (value - average) ** 2, 0) / (values.length - 1);
  return { mean: average, std: Math.sqrt(variance) };
}
