import { RlverError } from './rlver-error';

/** A configuration value (file field or CLI flag) is invalid. The message says what to change. */
export class InvalidConfigError extends RlverError {
  /** Dotted path of the offending field, or the flag name (e.g. `--steps`). */
  readonly field: string | undefined;

  constructor(options: { message: string; field?: string; cause?: unknown }) {
    super({ name: 'RLVER_InvalidConfigError', message: options.message, cause: options.cause });
    this.field = options.field;
  }
}
