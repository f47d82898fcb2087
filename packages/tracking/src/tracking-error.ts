import { RlverError } from '@rlver/spec';

/** A tracking backend refused or failed a call (HTTP status, unreachable server, unwritable folder). */
export class TrackingError extends RlverError {
  /** Backend name (`mlflow`, `tensorboard`). */
  readonly backend: string;
  /** HTTP status of the failed call, when there was an answer. */
  readonly statusCode: number | undefined;

  constructor(options: { backend: string; message: string; statusCode?: number; cause?: unknown }) {
    super({ name: 'RLVER_TrackingError', message: options.message, cause: options.cause });
    this.backend = options.backend;
    this.statusCode = options.statusCode;
  }
}
