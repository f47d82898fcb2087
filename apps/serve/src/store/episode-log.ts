import { existsSync } from 'node:fs';
import { type FileHandle, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

/** What a log line describes: an episode, or the template a GRPO group forks its members from. */
export type LogKind = 'episode' | 'group';

const lineSchema = z.discriminatedUnion('op', [
  z.object({
    v: z.literal(1),
    op: z.literal('put'),
    kind: z.enum(['episode', 'group']),
    id: z.string(),
    record: z.unknown(),
  }),
  z.object({ v: z.literal(1), op: z.literal('del'), kind: z.enum(['episode', 'group']), id: z.string() }),
]);

/** Options of {@link openEpisodeLog}. */
export interface EpisodeLogOptions {
  /** The log file, e.g. `<state-dir>/episodes.jsonl`. */
  file: string;
  /** fsync every batch before acknowledging it (survives power loss); else only write it (survives kill -9). */
  fsync: boolean;
  /** Rewrite the log once it is this large and more than twice the live records. Default 64 MiB. */
  compactMinBytes?: number;
}

/** A recovered live record. */
export interface LogRecord {
  kind: LogKind;
  id: string;
  record: unknown;
}

/** Append-only log of episode states, with group commit and compaction; see {@link openEpisodeLog}. */
export interface EpisodeLog {
  /** Live records found in the file on open, in file order. */
  readonly recovered: readonly LogRecord[];
  /** Store the latest record of an id. Resolves once the line is written (and fsynced, with `fsync`). */
  put(kind: LogKind, id: string, record: unknown): Promise<void>;
  /** Forget an id. Resolves once the deletion is written (and fsynced). */
  remove(kind: LogKind, id: string): Promise<void>;
  stats(): { fileBytes: number; liveBytes: number; compactions: number };
  close(): Promise<void>;
}

interface Pending {
  key: string;
  /** The JSON line with its newline; `remove` marks a deletion. */
  text: string;
  remove: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function recover(file: string, text: string): Map<string, { line: string; record: LogRecord }> {
  const latest = new Map<string, { line: string; record: LogRecord }>();
  const lines = text.split('\n');
  // The last element is '' after a trailing newline, or a line torn by a crash: skip it either way.
  for (let index = 0; index < lines.length - 1; index += 1) {
    const line = lines[index] as string;
    if (line.trim() === '') continue;
    const parsed = safeParseJSON(line, lineSchema);
    if (!parsed.success) {
      throw new InvalidInputError({
        file,
        line: index + 1,
        message: `unreadable episode log line (${parsed.error.message}); move the file away to start with no episodes`,
      });
    }
    const key = `${parsed.value.kind}:${parsed.value.id}`;
    const entry = parsed.value;
    if (entry.op === 'put') latest.set(key, { line, record: { kind: entry.kind, id: entry.id, record: entry.record } });
    else latest.delete(key);
  }
  return latest;
}

async function writeWhole(file: string, lines: Iterable<string>): Promise<number> {
  const temporary = `${file}.compact`;
  const handle = await open(temporary, 'w');
  let bytes = 0;
  try {
    const text = [...lines].join('');
    bytes = Buffer.byteLength(text);
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return bytes;
}

/**
 * Open (or create) the durable episode log: one JSON line per change (`put` of a whole record, or `del`). Changes
 * that arrive while a write is in flight are committed together with one write and one fsync (group commit), and
 * each resolves only after the write that covers it, so an acknowledged change survives `kill -9`. On open the
 * file is replayed (a torn last line is ignored) and rewritten with only the live records; it is rewritten again
 * whenever it grows past `compactMinBytes` and twice the live size.
 */
export async function openEpisodeLog(options: EpisodeLogOptions): Promise<EpisodeLog> {
  const { file, fsync } = options;
  const compactMinBytes = options.compactMinBytes ?? 64 * 1024 * 1024;
  await mkdir(dirname(file), { recursive: true });
  await rm(`${file}.compact`, { force: true });
  const found = existsSync(file) ? recover(file, await readFile(file, 'utf8')) : new Map();
  const recovered = [...found.values()].map((entry) => entry.record);
  // Latest line (newline included) of every live id: what a compaction writes.
  const latest = new Map<string, string>([...found].map(([key, entry]) => [key, `${entry.line}\n`]));
  const lineBytes = new Map<string, number>();
  let liveBytes = 0;
  for (const [key, line] of latest) {
    const bytes = Buffer.byteLength(line);
    lineBytes.set(key, bytes);
    liveBytes += bytes;
  }
  let fileBytes = await writeWhole(file, latest.values());
  let handle: FileHandle = await open(file, 'a');
  let compactions = 0;
  let pending: Pending[] = [];
  let draining: Promise<void> | null = null;

  const track = (item: Pending, bytes: number) => {
    liveBytes -= lineBytes.get(item.key) ?? 0;
    if (item.remove) {
      latest.delete(item.key);
      lineBytes.delete(item.key);
      return;
    }
    latest.set(item.key, item.text);
    lineBytes.set(item.key, bytes);
    liveBytes += bytes;
  };

  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const text = batch.map((item) => item.text).join('');
        await handle.write(text);
        if (fsync) await handle.datasync();
        for (const item of batch) {
          const bytes = Buffer.byteLength(item.text);
          fileBytes += bytes;
          track(item, bytes);
        }
        if (fileBytes > compactMinBytes && fileBytes > 2 * liveBytes) {
          await handle.close();
          fileBytes = await writeWhole(file, latest.values());
          handle = await open(file, 'a');
          compactions += 1;
        }
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    draining = null;
  };

  const enqueue = (kind: LogKind, id: string, record: unknown | undefined, remove: boolean) =>
    new Promise<void>((resolve, reject) => {
      const text = remove
        ? `${JSON.stringify({ v: 1, op: 'del', kind, id })}\n`
        : `${JSON.stringify({ v: 1, op: 'put', kind, id, record })}\n`;
      pending.push({ key: `${kind}:${id}`, text, remove, resolve, reject });
      if (draining === null) draining = drain();
    });

  return {
    recovered,
    put: (kind, id, record) => enqueue(kind, id, record, false),
    remove: (kind, id) => enqueue(kind, id, undefined, true),
    stats: () => ({ fileBytes, liveBytes, compactions }),
    async close() {
      while (draining !== null) await draining;
      await handle.close();
    },
  };
}
