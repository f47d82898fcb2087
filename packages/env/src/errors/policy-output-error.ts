import { RlverError } from '@rlver/spec';

/** A policy's `doAct` broke its contract (e.g. returned a different number of outputs than requests). */
export class PolicyOutputError extends RlverError {
  constructor(options: { message: string; cause?: unknown }) {
    super({ name: 'RLVER_PolicyOutputError', message: options.message, cause: options.cause });
  }
}
