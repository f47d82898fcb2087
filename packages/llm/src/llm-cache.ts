import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CacheMissError, InvalidConfigError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

/** `write`: serve recorded answers, record new ones. `read`: replay only, never touch the network. `off`: no cache. */
export const cacheModeSchema = z.enum(['write', 'read', 'off']);
export type CacheMode = z.infer<typeof cacheModeSchema>;

/** One recorded LLM call (on-disk format, one JSON file per key). */
export const cacheEntrySchema = z.object({
  schemaVersion: z.literal(1),
  key: z.string(),
  request: z.unknown(),
  response: z.object({
    text: z.string(),
    finishReason: z.string().nullable(),
    promptTokens: z.number().optional(),
    completionTokens: z.number().optional(),
  }),
  recordedAt: z.string(),
});
export type CacheEntry = z.infer<typeof cacheEntrySchema>;

export interface LlmCache {
  readonly mode: CacheMode;
  get(key: string): CacheEntry | undefined;
  put(entry: CacheEntry): void;
  /** Throws `CacheMissError` (read mode). */
  miss(key: string): never;
  stats(): { hits: number; misses: number; writes: number };
}

/** Canonical JSON (sorted keys) so that equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Content address of a call: sha256 of endpoint model + parameters + messages (+ attempt number). */
export function cacheKey(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * A content-addressed on-disk cache: `<directory>/<key[0:2]>/<key>.json`. Writes are atomic (temp file + rename).
 */
export function createFileCache(options: { directory: string; mode: CacheMode }): LlmCache {
  const { directory, mode } = options;
  if (mode === 'read' && !existsSync(directory)) {
    throw new InvalidConfigError({
      field: '--cache',
      message: `--cache read needs recorded calls, but ${directory} does not exist. Record a run first with --cache write (and the same --cache-dir).`,
    });
  }
  const counts = { hits: 0, misses: 0, writes: 0 };
  const pathOf = (key: string) => join(directory, key.slice(0, 2), `${key}.json`);
  return {
    mode,
    get(key) {
      if (mode === 'off') return undefined;
      const path = pathOf(key);
      if (!existsSync(path)) {
        counts.misses += 1;
        return undefined;
      }
      const parsed = safeParseJSON(readFileSync(path, 'utf8'), cacheEntrySchema);
      if (!parsed.success) {
        counts.misses += 1;
        return undefined;
      }
      counts.hits += 1;
      return parsed.value;
    },
    put(entry) {
      if (mode !== 'write') return;
      const path = pathOf(entry.key);
      mkdirSync(join(directory, entry.key.slice(0, 2)), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(entry)}\n`);
      renameSync(temporary, path);
      counts.writes += 1;
    },
    miss(key) {
      throw new CacheMissError({ key, directory });
    },
    stats: () => ({ ...counts }),
  };
}
