/** Ranks (1-based) with ties given their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length).fill(0);
  let position = 0;
  while (position < order.length) {
    let end = position;
    while (end + 1 < order.length && order[end + 1]?.value === order[position]?.value) end += 1;
    const rank = (position + end) / 2 + 1;
    for (let tied = position; tied <= end; tied += 1) {
      const entry = order[tied];
      if (entry) ranks[entry.index] = rank;
    }
    position = end + 1;
  }
  return ranks;
}

/** Pearson correlation; NaN when either side is constant or has fewer than 2 values. */
export function pearsonCorrelation(x: readonly number[], y: readonly number[]): number {
  const n = Math.min(x.length, y.length);
  if (n < 2) return Number.NaN;
  const meanX = x.slice(0, n).reduce((sum, value) => sum + value, 0) / n;
  const meanY = y.slice(0, n).reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let index = 0; index < n; index += 1) {
    const dx = (x[index] ?? 0) - meanX;
    const dy = (y[index] ?? 0) - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  }
  return varianceX === 0 || varianceY === 0 ? Number.NaN : covariance / Math.sqrt(varianceX * varianceY);
}

/** Spearman rank correlation (Pearson on average ranks, so ties are handled); NaN for constant input. */
export function spearmanCorrelation(x: readonly number[], y: readonly number[]): number {
  return pearsonCorrelation(averageRanks(x), averageRanks(y));
}
