import { RlverError } from './rlver-error';

/** A call to an LLM endpoint failed (HTTP status, network, timeout). */
export class LLMCallError extends RlverError {
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;
  readonly url: string | undefined;

  constructor(options: { message: string; statusCode?: number; isRetryable: boolean; url?: string; cause?: unknown }) {
    super({ name: 'RLVER_LLMCallError', message: options.message, cause: options.cause });
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable;
    this.url = options.url;
  }
}
