import { describe, expect, it } from 'vitest';
import { eventLoopTimeout } from './event-loop-timeout';

function blockFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy wait: what a synchronous training step does to the event loop.
  }
}

describe('eventLoopTimeout', () => {
  it('should abort after the given time when the loop is free', async () => {
    const timeout = eventLoopTimeout(200, 50);
    const started = Date.now();
    await new Promise((resolve) => timeout.signal.addEventListener('abort', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect((timeout.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('should not count a blocked event loop as waiting time', async () => {
    const timeout = eventLoopTimeout(500, 100);
    blockFor(1000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(timeout.signal.aborted).toBe(false);
    timeout.clear();
  });
});
