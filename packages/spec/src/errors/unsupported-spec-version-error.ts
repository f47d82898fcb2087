import { RlverError } from './rlver-error';

/** An implementation of a swap-point interface declares a specification version this package cannot use. */
export class UnsupportedSpecVersionError extends RlverError {
  readonly version: string;
  readonly supported: readonly string[];

  constructor(options: { what: string; version: string; supported: readonly string[] }) {
    super({
      name: 'RLVER_UnsupportedSpecVersionError',
      message: `${options.what} has specificationVersion "${options.version}"; this version supports ${options.supported.map((v) => `"${v}"`).join(', ')}.`,
    });
    this.version = options.version;
    this.supported = options.supported;
  }
}
