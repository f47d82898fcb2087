import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { DialoguePolicyV1, PolicyOutput } from '@rlver/spec';
import { EpisodeAbortedError } from '../errors/episode-aborted-error';

/** Blank lines in a row after which the person is taken to have left. */
const MAX_BLANK_LINES = 1000;

export interface TerminalPolicyOptions {
  input: Readable;
  output: Writable;
  /** Shown before each reply. Default `you> `. */
  prompt?: string;
  /** Called when the person types `/quit` or the input ends (the caller aborts the episode). */
  onQuit?: () => void;
  /** Write each line read back to the output; default true when the input is not a TTY (piped input). */
  echo?: boolean;
}

export interface TerminalPolicy extends DialoguePolicyV1 {
  /** Release the input stream. */
  close(): void;
}

/**
 * A person as the policy: each `doAct` request is answered by one line typed in the terminal. Blank lines are
 * skipped (up to 1,000 in a row); `/quit` or end of input calls `onQuit` and rejects with `EpisodeAbortedError`.
 */
export function createTerminalPolicy(options: TerminalPolicyOptions): TerminalPolicy {
  const lines = createInterface({ input: options.input, terminal: false });
  const echo = options.echo ?? (options.input as { isTTY?: boolean }).isTTY !== true;
  const buffered: string[] = [];
  let waiting: { resolve: (line: string | undefined) => void } | undefined;
  let closed = false;
  lines.on('line', (line) => {
    if (waiting) {
      const current = waiting;
      waiting = undefined;
      current.resolve(line);
    } else {
      buffered.push(line);
    }
  });
  lines.on('close', () => {
    closed = true;
    waiting?.resolve(undefined);
    waiting = undefined;
  });
  const nextLine = (): Promise<string | undefined> => {
    const line = buffered.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      waiting = { resolve };
    });
  };

  const readReply = async (): Promise<string> => {
    for (let attempt = 0; attempt < MAX_BLANK_LINES; attempt += 1) {
      options.output.write(options.prompt ?? 'you> ');
      const line = await nextLine();
      if (echo) options.output.write(`${line ?? ''}\n`);
      if (line === undefined || line.trim() === '/quit') break;
      if (line.trim() !== '') return line.trim();
    }
    options.onQuit?.();
    throw new EpisodeAbortedError();
  };

  return {
    specificationVersion: 'v1',
    policyId: 'human',
    maxBatchSize: 1,
    async doAct({ requests }) {
      const outputs: PolicyOutput[] = [];
      for (let index = 0; index < requests.length; index += 1) {
        const started = Date.now();
        const text = await readReply();
        outputs.push({
          text,
          finishReason: 'stop',
          promptTokenCount: 0,
          outputTokenCount: 0,
          latencyMs: Date.now() - started,
        });
      }
      return outputs;
    },
    close: () => lines.close(),
  };
}
