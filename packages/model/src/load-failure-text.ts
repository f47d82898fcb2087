/** Helpers for the one-clause reasons the backend start-up line gives when a backend package does not load. */

/** The error's message (or its string form). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether loading failed because the package is not installed (CommonJS or ESM resolution). */
export function isModuleNotFound(error: unknown): boolean {
  return (
    /Cannot find (module|package)|ERR_MODULE_NOT_FOUND/.test(errorMessage(error)) ||
    (error as { code?: string } | null)?.code === 'MODULE_NOT_FOUND'
  );
}

/** The first line of the error's message, cut to `maxLength` characters with "..." when longer. */
export function firstLineOf(error: unknown, maxLength: number): string {
  const message = errorMessage(error);
  const firstLine = message.split('\n')[0] ?? message;
  return firstLine.length > maxLength ? `${firstLine.slice(0, maxLength - 3)}...` : firstLine;
}
