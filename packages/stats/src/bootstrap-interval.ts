import { createRng, InvalidInputError } from '@rlver/spec';
import { mean } from './mean';

/** A statistic with its percentile-bootstrap confidence interval. */
export interface BootstrapInterval {
  estimate: number;
  low: number;
  high: number;
}

/**
 * Percentile bootstrap interval of a statistic (default: the mean): `resamples` seeded resamples with
 * replacement, the (1 − confidence)/2 and (1 + confidence)/2 quantiles of their statistics. No values: NaN
 * everywhere. Same seed, same interval.
 */
export function bootstrapInterval(
  values: readonly number[],
  options: {
    seed: number;
    resamples?: number;
    confidence?: number;
    statistic?: (sample: readonly number[]) => number;
  },
): BootstrapInterval {
  const resamples = options.resamples ?? 1000;
  const confidence = options.confidence ?? 0.95;
  const statistic = options.statistic ?? ((sample: readonly number[]) => mean(sample, Number.NaN));
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new InvalidInputError({
      field: 'resamples',
      message: `resamples must be a positive integer; got ${resamples}`,
    });
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new InvalidInputError({ field: 'confidence', message: `confidence must lie in (0, 1); got ${confidence}` });
  }
  if (values.length === 0) return { estimate: Number.NaN, low: Number.NaN, high: Number.NaN };
  const rng = createRng(options.seed);
  const estimates: number[] = [];
  for (let round = 0; round < resamples; round += 1) {
    const sample = values.map(() => values[Math.floor(rng.next() * values.length)] as number);
    estimates.push(statistic(sample));
  }
  estimates.sort((a, b) => a - b);
  const at = (fraction: number) =>
    estimates[Math.min(estimates.length - 1, Math.max(0, Math.round(fraction * (estimates.length - 1))))] as number;
  return { estimate: statistic(values), low: at((1 - confidence) / 2), high: at((1 + confidence) / 2) };
}
