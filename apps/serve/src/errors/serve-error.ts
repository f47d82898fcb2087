import { RlverError } from '@rlver/spec';

/** Machine-readable error codes of the REST API (`error.code` in every non-2xx body). */
export type ServeErrorCode =
  | 'invalid_request'
  | 'not_found'
  | 'episode_done'
  | 'step_in_progress'
  | 'capacity_reached'
  | 'simulator_unavailable'
  | 'internal_error';

const STATUS_OF: Readonly<Record<ServeErrorCode, number>> = {
  invalid_request: 400,
  not_found: 404,
  episode_done: 409,
  step_in_progress: 409,
  capacity_reached: 429,
  simulator_unavailable: 502,
  internal_error: 500,
};

/**
 * An error the environment server answers with: an HTTP status, a stable `code` and a message that says what to
 * change. `field` names the offending request field (400s).
 */
export class ServeError extends RlverError {
  readonly code: ServeErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;

  constructor(options: { code: ServeErrorCode; message: string; field?: string; cause?: unknown }) {
    super({ name: 'RLVER_ServeError', message: options.message, cause: options.cause });
    this.code = options.code;
    this.statusCode = STATUS_OF[options.code];
    this.field = options.field;
  }

  /** The JSON body of the error response. */
  toBody(): { error: { code: ServeErrorCode; message: string; field?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}
