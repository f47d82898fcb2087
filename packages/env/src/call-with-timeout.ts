import { CallTimeoutError } from './errors/call-timeout-error';
import { EpisodeAbortedError } from './errors/episode-aborted-error';

export interface CallWithTimeoutOptions {
  /** `policy` or `simulator`: named in timeout errors. */
  what: 'policy' | 'simulator';
  /** Per-attempt limit in milliseconds; undefined = none. */
  timeoutMs?: number;
  /** Extra attempts after a retryable failure (timeouts, errors with `isRetryable: true`). */
  maxRetries: number;
  /** Aborting it stops the call and throws `EpisodeAbortedError`; never retried. */
  signal?: AbortSignal;
}

function isRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { isRetryable?: unknown }).isRetryable === true;
}

async function attemptOnce<T>(call: (signal: AbortSignal) => Promise<T>, options: CallWithTimeoutOptions): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onParentAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    onParentAbort = () => {
      const error = new EpisodeAbortedError({ cause: options.signal?.reason });
      controller.abort(error);
      reject(error);
    };
    options.signal?.addEventListener('abort', onParentAbort, { once: true });
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const error = new CallTimeoutError({ what: options.what, timeoutMs: options.timeoutMs ?? 0 });
        controller.abort(error);
        reject(error);
      }, options.timeoutMs);
    }
  });
  const pending = call(controller.signal);
  // A call that settles after its timeout must not surface as an unhandled rejection.
  pending.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    return await Promise.race([pending, stopped]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onParentAbort) options.signal?.removeEventListener('abort', onParentAbort);
  }
}

/**
 * Run `call` with a per-attempt timeout, bounded retries of retryable failures, and abort support.
 * The call receives an `AbortSignal` that fires on timeout or abort; a call that ignores it is abandoned.
 */
export async function callWithTimeout<T>(
  call: (signal: AbortSignal) => Promise<T>,
  options: CallWithTimeoutOptions,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= options.maxRetries; attempt += 1) {
    if (options.signal?.aborted) throw new EpisodeAbortedError({ cause: options.signal.reason });
    try {
      return await attemptOnce(call, options);
    } catch (error) {
      if (options.signal?.aborted) {
        throw EpisodeAbortedError.isAbort(error) ? error : new EpisodeAbortedError({ cause: error });
      }
      lastError = error;
      if (!isRetryable(error)) break;
    }
  }
  throw lastError;
}
