import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidConfigError, InvalidInputError } from '@rlver/spec';
import { type EpisodeLog, openEpisodeLog } from './episode-log';
import { type EpisodeRecord, episodeRecordSchema, type GroupRecord, groupRecordSchema } from './episode-record';

/** Options of {@link createEpisodeStore}. */
export interface EpisodeStoreOptions {
  /** Folder of the durable log; without it episodes live in memory only and a restart loses them. */
  stateDir?: string;
  /** fsync each commit (default true); false only writes it to the OS (survives kill -9, not a power cut). */
  fsync?: boolean;
  /** See `EpisodeLogOptions.compactMinBytes`. */
  compactMinBytes?: number;
}

/** Open episodes and group templates, in memory, mirrored to the durable log when there is one. */
export interface EpisodeStore {
  readonly durable: boolean;
  getEpisode(id: string): EpisodeRecord | undefined;
  getGroup(id: string): GroupRecord | undefined;
  episodeCount(): number;
  groupCount(): number;
  /** Write the record (durably, when there is a log), then make it the current one. */
  saveEpisode(record: EpisodeRecord): Promise<void>;
  saveGroup(record: GroupRecord): Promise<void>;
  /** Mark a group template as used now (in memory only: a restart at worst expires it early). */
  touchGroup(id: string, atMs: number): void;
  /** Forget an episode; false when it was unknown. */
  deleteEpisode(id: string): Promise<boolean>;
  deleteGroup(id: string): Promise<boolean>;
  /** Ids of episodes and groups whose last activity is before `beforeMs`. */
  idle(beforeMs: number): { episodes: string[]; groups: string[] };
  logStats(): { fileBytes: number; liveBytes: number; compactions: number } | null;
  close(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take `<stateDir>/server.lock`, refusing when another live server holds it (a killed one's lock is taken over). */
function takeLock(stateDir: string): string {
  const lockFile = join(stateDir, 'server.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new InvalidConfigError({
        field: '--state-dir',
        message: `--state-dir ${stateDir} is in use by the server with pid ${pid}; stop it or give another --state-dir`,
      });
    }
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return lockFile;
}

/** Create the store; with `stateDir`, replay the log so that every episode open before a crash is open again. */
export async function createEpisodeStore(options: EpisodeStoreOptions = {}): Promise<EpisodeStore> {
  const episodes = new Map<string, EpisodeRecord>();
  const groups = new Map<string, GroupRecord>();
  let log: EpisodeLog | null = null;
  let lockFile: string | null = null;
  if (options.stateDir) {
    await mkdir(options.stateDir, { recursive: true });
    lockFile = takeLock(options.stateDir);
    const file = join(options.stateDir, 'episodes.jsonl');
    log = await openEpisodeLog({ file, fsync: options.fsync ?? true, compactMinBytes: options.compactMinBytes });
    for (const entry of log.recovered) {
      const schema = entry.kind === 'episode' ? episodeRecordSchema : groupRecordSchema;
      const parsed = schema.safeParse(entry.record);
      if (!parsed.success) {
        throw new InvalidInputError({
          file,
          message: `${entry.kind} "${entry.id}" has an unreadable record (${parsed.error.issues[0]?.message}); move the file away to start with no episodes`,
        });
      }
      if (entry.kind === 'episode') episodes.set(entry.id, entry.record as EpisodeRecord);
      else groups.set(entry.id, entry.record as GroupRecord);
    }
  }

  return {
    durable: log !== null,
    getEpisode: (id) => episodes.get(id),
    getGroup: (id) => groups.get(id),
    episodeCount: () => episodes.size,
    groupCount: () => groups.size,
    async saveEpisode(record) {
      await log?.put('episode', record.id, record);
      episodes.set(record.id, record);
    },
    async saveGroup(record) {
      await log?.put('group', record.id, record);
      groups.set(record.id, record);
    },
    touchGroup(id, atMs) {
      const group = groups.get(id);
      if (group) groups.set(id, { ...group, lastActiveAtMs: atMs });
    },
    async deleteEpisode(id) {
      if (!episodes.has(id)) return false;
      await log?.remove('episode', id);
      return episodes.delete(id);
    },
    async deleteGroup(id) {
      if (!groups.has(id)) return false;
      await log?.remove('group', id);
      return groups.delete(id);
    },
    idle(beforeMs) {
      const stale = (records: Map<string, { lastActiveAtMs: number }>) =>
        [...records].filter(([, record]) => record.lastActiveAtMs < beforeMs).map(([id]) => id);
      return { episodes: stale(episodes), groups: stale(groups) };
    },
    logStats: () => log?.stats() ?? null,
    async close() {
      await log?.close();
      if (lockFile) rmSync(lockFile, { force: true });
    },
  };
}
