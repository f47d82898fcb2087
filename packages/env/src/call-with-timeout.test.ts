import { LLMCallError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { callWithTimeout } from './call-with-timeout';
import { sleepWithSignal } from './test/index';

describe('callWithTimeout', () => {
  it('should retry retryable failures a bounded number of times', async () => {
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new LLMCallError({ message: 'busy', statusCode: 429, isRetryable: true });
    };
    await expect(callWithTimeout(failing, { what: 'policy', maxRetries: 2 })).rejects.toThrow('busy');
    expect(attempts).toBe(3);
  });

  it('should not retry a non-retryable failure', async () => {
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new LLMCallError({ message: 'bad request', statusCode: 400, isRetryable: false });
    };
    await expect(callWithTimeout(failing, { what: 'policy', maxRetries: 2 })).rejects.toThrow('bad request');
    expect(attempts).toBe(1);
  });

  it('should time out a call that ignores its signal and abort one that honours it', async () => {
    const ignoring = () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 200));
    await expect(callWithTimeout(ignoring, { what: 'simulator', timeoutMs: 10, maxRetries: 0 })).rejects.toThrow(
      /simulator call timed out after 10 ms/,
    );
    let sawAbort = false;
    const honouring = (signal: AbortSignal) =>
      sleepWithSignal(200, signal).catch((error) => {
        sawAbort = true;
        throw error;
      });
    await expect(callWithTimeout(honouring, { what: 'policy', timeoutMs: 10, maxRetries: 0 })).rejects.toThrow(
      /timed out/,
    );
    expect(sawAbort).toBe(true);
  });

  it('should stop at once with EpisodeAbortedError when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const slow = (signal: AbortSignal) => sleepWithSignal(500, signal);
    await expect(
      callWithTimeout(slow, { what: 'policy', maxRetries: 3, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'RLVER_EpisodeAbortedError',
    });
  });
});
