const marker = 'rlver.error';
const symbol = Symbol.for(marker);

/**
 * Base class of every error thrown by `@rlver/*` packages.
 * `RlverError.isInstance` checks a global symbol marker rather than `instanceof`,
 * so errors still match when two copies of a package are installed.
 */
export class RlverError extends Error {
  constructor(options: { name: string; message: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = options.name;
    Object.defineProperty(this, symbol, { value: true, enumerable: false });
  }

  static isInstance(error: unknown): error is RlverError {
    return (
      typeof error === 'object' &&
      error !== null &&
      symbol in error &&
      (error as Record<symbol, unknown>)[symbol] === true
    );
  }
}
