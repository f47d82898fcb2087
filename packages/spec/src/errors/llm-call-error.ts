import { RlverError } from './rlver-error';

/** A call to an LLM endpoint failed (HTTP status, network, timeout, malformed answer). */
export class LLMCallError extends RlverError {
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;
  readonly url: string | undefined;
  /** How long the server asked to wait before the next try (`Retry-After`), in ms; undefined when it did not say. */
  readonly retryAfterMs: number | undefined;

  constructor(options: {
    message: string;
    statusCode?: number;
    isRetryable: boolean;
    url?: string;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    super({ name: 'RLVER_LLMCallError', message: options.message, cause: options.cause });
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable;
    this.url = options.url;
    this.retryAfterMs = options.retryAfterMs;
  }
}
