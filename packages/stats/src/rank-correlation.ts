import { InvalidInputError } from '@rlver/spec';

function checkPairs(xs: readonly number[], ys: readonly number[]): void {
  if (xs.length !== ys.length) {
    throw new InvalidInputError({ message: `rank correlation needs pairs; got ${xs.length} and ${ys.length} values` });
  }
}

/** Average ranks (1-based; ties share their mean rank). */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length).fill(0);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let position = start; position <= end; position += 1) ranks[order[position]?.index ?? 0] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Pearson correlation of paired values. NaN when it is undefined: fewer than 2 pairs, or either side constant
 * (zero variance). Unpaired input throws `InvalidInputError`.
 */
export function pearsonCorrelation(xs: readonly number[], ys: readonly number[]): number {
  checkPairs(xs, ys);
  const n = xs.length;
  if (n < 2) return Number.NaN;
  const meanX = xs.reduce((sum, value) => sum + value, 0) / n;
  const meanY = ys.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < n; index += 1) {
    const dx = (xs[index] ?? 0) - meanX;
    const dy = (ys[index] ?? 0) - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  return varianceX === 0 || varianceY === 0 ? Number.NaN : covariance / Math.sqrt(varianceX * varianceY);
}

/**
 * Spearman's ρ: the Pearson correlation of average ranks, so ties are handled. NaN when undefined (fewer than 2
 * pairs, or a constant side): a constant input carries no ranking, and NaN keeps that visible instead of reading
 * as "no correlation".
 */
export function spearmanRho(xs: readonly number[], ys: readonly number[]): number {
  checkPairs(xs, ys);
  return pearsonCorrelation(averageRanks(xs), averageRanks(ys));
}

/** Kendall's τ-b (tie-corrected). NaN when undefined (fewer than 2 pairs, or a constant side), as `spearmanRho`. */
export function kendallTau(xs: readonly number[], ys: readonly number[]): number {
  checkPairs(xs, ys);
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < xs.length; i += 1) {
    for (let j = i + 1; j < xs.length; j += 1) {
      const dx = Math.sign((xs[i] ?? 0) - (xs[j] ?? 0));
      const dy = Math.sign((ys[i] ?? 0) - (ys[j] ?? 0));
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX += 1;
      else if (dy === 0) tiesY += 1;
      else if (dx === dy) concordant += 1;
      else discordant += 1;
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denominator === 0 ? Number.NaN : (concordant - discordant) / denominator;
}
