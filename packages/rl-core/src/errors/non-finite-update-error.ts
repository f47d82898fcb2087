import { RlverError } from '@rlver/spec';

/** Too many updates in a row had a non-finite (NaN or infinite) loss or gradient norm. */
export class NonFiniteUpdateError extends RlverError {
  readonly consecutiveSkips: number;

  constructor(options: { consecutiveSkips: number; loss: number; gradNorm: number }) {
    super({
      name: 'RLVER_NonFiniteUpdateError',
      message:
        `${options.consecutiveSkips} consecutive updates skipped: non-finite loss (${options.loss}) or gradient ` +
        `norm (${options.gradNorm}). Lower the learning rate, check the rollout log-probs, or raise ` +
        'maxConsecutiveSkips.',
    });
    this.consecutiveSkips = options.consecutiveSkips;
  }
}
