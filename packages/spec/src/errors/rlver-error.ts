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

  /**
   * Whether `error` is an error of this class: `RlverError.isInstance` matches every RLVER error,
   * `LLMCallError.isInstance` only LLM call errors. A subclass matches by `instanceof`, or by the name every RLVER
   * error carries (`RLVER_<ClassName>`), so that errors from a second install of a package still match.
   */
  static isInstance<T extends abstract new (...args: never[]) => RlverError>(
    this: T,
    error: unknown,
  ): error is InstanceType<T> {
    if (
      typeof error !== 'object' ||
      error === null ||
      !(symbol in error) ||
      (error as Record<symbol, unknown>)[symbol] !== true
    ) {
      return false;
    }
    // `this` is the subclass the check was called on (`InvalidConfigError.isInstance(e)`): the class name would
    // check every error against RlverError itself.
    // biome-ignore lint/complexity/noThisInStatic: the subclass, not RlverError
    if ((this as unknown) === RlverError || error instanceof this) return true;
    // biome-ignore lint/complexity/noThisInStatic: the subclass's name, not RlverError's
    return (error as { name?: unknown }).name === `RLVER_${this.name}`;
  }
}
