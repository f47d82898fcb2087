import { RlverError } from '@rlver/spec';

/** The caller aborted the run (Ctrl-C → `AbortSignal`). Episodes in progress end as `interrupted`. */
export class EpisodeAbortedError extends RlverError {
  constructor(options: { cause?: unknown } = {}) {
    super({ name: 'RLVER_EpisodeAbortedError', message: 'the run was aborted', cause: options.cause });
  }

  /** Whether an error is an abort (ours, or a DOM `AbortError` from a cancelled call). */
  static isAbort(error: unknown): boolean {
    if (RlverError.isInstance(error) && error.name === 'RLVER_EpisodeAbortedError') return true;
    return error instanceof Error && error.name === 'AbortError';
  }
}
