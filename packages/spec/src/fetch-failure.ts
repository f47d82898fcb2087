/** The cause a failed `fetch` hides behind "fetch failed" (undici), else the error itself. */
function causeOf(error: unknown): unknown {
  return error instanceof Error && error.cause instanceof Error ? error.cause : error;
}

/** A failed `fetch` in words, with the socket error's code: `UND_ERR_SOCKET: other side closed`. */
export function describeFetchFailure(error: unknown): string {
  const cause = causeOf(error);
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return code ? `${code}: ${cause.message}` : cause.message;
  }
  return String(error);
}

/**
 * A socket closed under a request before any answer (ECONNRESET, EPIPE, undici's "other side closed"): typically
 * a keep-alive socket the server closed as the client reused it, a race worth one more try.
 */
export function isConnectionReset(error: unknown): boolean {
  const code = (causeOf(error) as { code?: unknown } | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET';
}
