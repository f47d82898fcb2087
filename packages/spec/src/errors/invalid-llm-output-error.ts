import { RlverError } from './rlver-error';

/** An LLM answered, but its text could not be parsed into what was asked (after all resample attempts). */
export class InvalidLLMOutputError extends RlverError {
  /** The raw text of the last answer. */
  readonly text: string;
  readonly attempts: number;

  constructor(options: { message: string; text: string; attempts?: number; cause?: unknown }) {
    super({ name: 'RLVER_InvalidLLMOutputError', message: options.message, cause: options.cause });
    this.text = options.text;
    this.attempts = options.attempts ?? 1;
  }
}
