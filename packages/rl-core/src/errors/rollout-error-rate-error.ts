import { RlverError } from '@rlver/spec';

/** The share of errored trajectories in a batch exceeds the algorithm's `maxErrorFraction`. */
export class RolloutErrorRateError extends RlverError {
  readonly errorFraction: number;
  readonly maxErrorFraction: number;

  constructor(options: { errorCount: number; totalCount: number; maxErrorFraction: number }) {
    const errorFraction = options.errorCount / Math.max(options.totalCount, 1);
    super({
      name: 'RLVER_RolloutErrorRateError',
      message:
        `${options.errorCount} of ${options.totalCount} trajectories ended with stopReason 'error' ` +
        `(${errorFraction.toFixed(3)} > maxErrorFraction ${options.maxErrorFraction}). Fix the simulator or ` +
        'policy endpoint, or raise maxErrorFraction.',
    });
    this.errorFraction = errorFraction;
    this.maxErrorFraction = options.maxErrorFraction;
  }
}
