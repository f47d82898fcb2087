import { RlverError } from './rlver-error';

/** A data file (JSONL profile, trajectory, result file, …) has a malformed record. Names file, line and field. */
export class InvalidInputError extends RlverError {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly field: string | undefined;

  constructor(options: { message: string; file?: string; line?: number; field?: string; cause?: unknown }) {
    const where = [
      options.file,
      options.line === undefined ? undefined : `line ${options.line}`,
      options.field && `field "${options.field}"`,
    ]
      .filter(Boolean)
      .join(', ');
    super({
      name: 'RLVER_InvalidInputError',
      message: where ? `${where}: ${options.message}` : options.message,
      cause: options.cause,
    });
    this.file = options.file;
    this.line = options.line;
    this.field = options.field;
  }
}
