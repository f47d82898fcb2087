/**
 * An `AbortSignal` that aborts after `timeoutMs` of time in which the event loop was free to take the answer.
 * Training steps block the loop for seconds at a time (tensor maths); a plain `AbortSignal.timeout` then fires
 * before the already-arrived answer is read, because timers run before I/O. Here each tick counts at most
 * `tickMs`, however long the loop was blocked. Call `clear()` once the request is done.
 */
export function eventLoopTimeout(timeoutMs: number, tickMs = 250): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  let counted = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    counted += tickMs;
    if (counted >= timeoutMs) {
      controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
      return;
    }
    timer = setTimeout(tick, tickMs);
    timer.unref();
  };
  timer = setTimeout(tick, tickMs);
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
