import type { StrategyLabel } from '@rlver/spec';

/**
 * Shannon entropy in bits of label shares, normalised to sum 1 first (multi-label shares need not).
 * k labels with equal shares give `log2(k)`; one label gives 0; all-zero shares give 0.
 * Low entropy after training signals strategy collapse.
 */
export function computeStrategyEntropy(shares: Readonly<Partial<Record<StrategyLabel, number>>>): number {
  const values = Object.values(shares).filter((value): value is number => value !== undefined && value > 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total === 0) return 0;
  let entropy = 0;
  for (const value of values) {
    const probability = value / total;
    entropy -= probability * Math.log2(probability);
  }
  return entropy;
}
