import { RlverError } from '@rlver/spec';
import type { BenchmarkSummary } from '../summary/benchmark-summary';

/** Too many dialogues of a benchmark run ended in an error; its results are kept and a rerun redoes them. */
export class TooManyErroredDialoguesError extends RlverError {
  readonly errors: number;
  readonly total: number;

  constructor(options: { errors: number; total: number; maxErrorFraction: number; firstError: string; flag: string }) {
    const share = (value: number) => `${Math.round(value * 1000) / 10}%`;
    super({
      name: 'RLVER_TooManyErroredDialoguesError',
      message: `${options.errors} of ${options.total} dialogues ended in an error (${share(options.errors / options.total)}, above ${options.flag} ${options.maxErrorFraction}); first error: ${options.firstError.replace(/\.+$/, '')}. The results are kept: fix the cause (endpoint, --timeout-ms, --max-retries) and rerun the same command; errored dialogues are redone.`,
    });
    this.errors = options.errors;
    this.total = options.total;
  }
}

/**
 * Throw `TooManyErroredDialoguesError` (naming the first error's cause) when the share of errored dialogues of a
 * finished run is above `maxErrorFraction`; a run in which every dialogue failed is never a success.
 */
export function checkErrorShare(summary: BenchmarkSummary, options: { maxErrorFraction: number; flag?: string }): void {
  const errored = summary.excluded.filter((episode) => episode.stopReason === 'error');
  const total = summary.settings.profiles.count * summary.settings.repeats;
  if (errored.length === 0 || total === 0 || errored.length / total <= options.maxErrorFraction) return;
  const first = errored[0];
  throw new TooManyErroredDialoguesError({
    errors: errored.length,
    total,
    maxErrorFraction: options.maxErrorFraction,
    firstError: first ? `${first.profileId} (repeat ${first.repeat}): ${first.message}` : 'unknown',
    flag: options.flag ?? '--max-error-fraction',
  });
}
