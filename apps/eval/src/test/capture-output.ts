import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/** What the commands of a test wrote to stdout and stderr. */
export interface CapturedOutput {
  stdout(): string;
  stderr(): string;
  /** Forget what was written so far (between two commands of one test). */
  clear(): void;
}

/**
 * Capture `process.stdout` and `process.stderr` writes in every test of the calling file (installed with
 * `beforeEach` / `afterEach`), so command output neither reaches the terminal nor leaks between tests.
 */
export function captureOutput(): CapturedOutput {
  let stdout = '';
  let stderr = '';
  let spies: MockInstance[] = [];
  beforeEach(() => {
    stdout = '';
    stderr = '';
    spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        stdout += String(chunk);
        return true;
      }),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        stderr += String(chunk);
        return true;
      }),
    ];
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    clear: () => {
      stdout = '';
      stderr = '';
    },
  };
}
