import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Appends records to one JSONL file; see {@link createJsonlAppender}. */
export interface JsonlAppender {
  /** Resolves once the record's line is written and fsynced; rejects with the write's error. */
  append(record: unknown): Promise<void>;
}

interface PendingLine {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The asynchronous form of `appendJsonlLine` for many concurrent producers (episodes ending at once): the
 * same append-only, fsynced lines, without blocking the event loop. Lines that arrive while a write is in
 * flight are committed together, with one write on an `O_APPEND` descriptor and one fsync (group commit),
 * in arrival order; each `append` resolves only after the fsync that covers its line. A crash can tear at
 * most the last line of the file, which `readCompleteJsonl` ignores.
 */
export function createJsonlAppender(file: string): JsonlAppender {
  let pending: PendingLine[] = [];
  let writing = false;
  let directoryMade = false;

  const commit = async (batch: readonly PendingLine[]) => {
    if (!directoryMade) {
      await mkdir(dirname(file), { recursive: true });
      directoryMade = true;
    }
    const handle = await open(file, 'a');
    try {
      await handle.appendFile(batch.map((item) => item.line).join(''));
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  const drain = async () => {
    writing = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await commit(batch);
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing = false;
  };

  return {
    append(record) {
      const line = `${JSON.stringify(record)}\n`;
      return new Promise<void>((resolve, reject) => {
        pending.push({ line, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
