import { RlverError } from '@rlver/spec';

/** A policy or simulator call took longer than its per-call timeout (`policyTimeoutMs`, `simulatorTimeoutMs`). */
export class CallTimeoutError extends RlverError {
  /** `policy` or `simulator`. */
  readonly what: string;
  readonly timeoutMs: number;
  /** Timeouts are worth one more try. */
  readonly isRetryable = true;

  constructor(options: { what: string; timeoutMs: number }) {
    super({
      name: 'RLVER_CallTimeoutError',
      message: `${options.what} call timed out after ${options.timeoutMs} ms; raise --${options.what}-timeout-ms (${options.what}TimeoutMs) or check the endpoint`,
    });
    this.what = options.what;
    this.timeoutMs = options.timeoutMs;
  }
}
