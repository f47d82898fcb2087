import { RlverError } from './rlver-error';

/** Replay mode (`--cache read`) found no recorded answer for a call: the run differs from the recorded one. */
export class CacheMissError extends RlverError {
  readonly key: string;

  constructor(options: { key: string; directory: string }) {
    super({
      name: 'RLVER_CacheMissError',
      message: `No recorded LLM answer for key ${options.key} in ${options.directory}. Replay (--cache read) only serves calls recorded before; record with --cache write, or use --cache off.`,
    });
    this.key = options.key;
  }
}
