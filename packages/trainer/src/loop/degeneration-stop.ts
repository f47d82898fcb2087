import { mean } from '@rlver/stats';
/** When a run stops because its replies degrade: the share of degenerate replies rose past the allowed rise. */
export interface DegenerationStopSetting {
  /** Steps averaged at the start (the baseline) and at the end (the recent share). */
  window: number;
  /** Largest allowed rise of the recent share over the baseline, as a fraction (0.1 = 10 points). */
  maxRise: number;
}

export interface DegenerationVerdict {
  /** Mean `monitor/degenerate_fraction` of the first `window` steps. */
  baseline: number;
  /** Mean of the last `window` steps. */
  recent: number;
}

/**
 * Whether training should stop because its replies degrade (reward hacking shows up as text the audit flags): the
 * mean degenerate share of the last `window` steps exceeds that of the first `window` steps by more than `maxRise`.
 * Needs `2 × window` steps, so a start and an end never overlap. `fractions[k]` is step k's share.
 */
export function checkDegeneration(
  fractions: readonly number[],
  setting: DegenerationStopSetting,
): DegenerationVerdict | undefined {
  const { window, maxRise } = setting;
  if (fractions.length < 2 * window) return undefined;
  const baseline = mean(fractions.slice(0, window));
  const recent = mean(fractions.slice(-window));
  return recent - baseline > maxRise ? { baseline, recent } : undefined;
}
