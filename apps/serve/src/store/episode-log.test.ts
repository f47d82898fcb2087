import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEpisodeLog } from './episode-log';

const folders: string[] = [];
function logFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'episode-log-'));
  folders.push(folder);
  return join(folder, 'episodes.jsonl');
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openEpisodeLog', () => {
  it('should recover the latest record of every id and forget deleted ones', async () => {
    const file = logFile();
    const log = await openEpisodeLog({ file, fsync: true });
    await log.put('episode', 'a', { turn: 1 });
    await log.put('episode', 'b', { turn: 1 });
    await log.put('episode', 'a', { turn: 2 });
    await log.put('group', 'g', { template: true });
    await log.remove('episode', 'b');
    await log.close();
    const reopened = await openEpisodeLog({ file, fsync: true });
    expect(reopened.recovered).toEqual([
      { kind: 'episode', id: 'a', record: { turn: 2 } },
      { kind: 'group', id: 'g', record: { template: true } },
    ]);
    // Opening rewrites the file with only the live records.
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    await reopened.close();
  });

  it('should commit concurrent changes together and acknowledge each one only once written', async () => {
    const file = logFile();
    const log = await openEpisodeLog({ file, fsync: true });
    await Promise.all(Array.from({ length: 200 }, (_, index) => log.put('episode', `e${index % 50}`, { index })));
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(200);
    await log.close();
    const reopened = await openEpisodeLog({ file, fsync: false });
    expect(reopened.recovered).toHaveLength(50);
    expect(reopened.recovered.find((entry) => entry.id === 'e0')?.record).toEqual({ index: 150 });
    await reopened.close();
  });

  it('should ignore a last line torn by a crash', async () => {
    const file = logFile();
    const log = await openEpisodeLog({ file, fsync: true });
    await log.put('episode', 'kept', { ok: true });
    await log.close();
    appendFileSync(file, '{"v":1,"op":"put","kind":"episode","id":"torn","rec');
    const reopened = await openEpisodeLog({ file, fsync: true });
    expect(reopened.recovered.map((entry) => entry.id)).toEqual(['kept']);
    await reopened.close();
  });

  it('should refuse a corrupt line in the middle, naming the file and line', async () => {
    const file = logFile();
    writeFileSync(
      file,
      '{"v":1,"op":"put","kind":"episode","id":"a","record":{}}\nnot json\n{"v":1,"op":"del","kind":"episode","id":"a"}\n',
    );
    await expect(openEpisodeLog({ file, fsync: true })).rejects.toThrow(
      /episodes\.jsonl, line 2: unreadable episode log line/,
    );
  });

  it('should rewrite the file once it outgrows the live records', async () => {
    const file = logFile();
    const log = await openEpisodeLog({ file, fsync: false, compactMinBytes: 20_000 });
    const payload = 'x'.repeat(1000);
    for (let round = 0; round < 50; round += 1) await log.put('episode', `e${round % 3}`, { round, payload });
    expect(log.stats().compactions).toBeGreaterThan(0);
    expect(statSync(file).size).toBeLessThan(20_000 + 3 * 1100);
    await log.close();
    const reopened = await openEpisodeLog({ file, fsync: false });
    expect(reopened.recovered.map((entry) => (entry.record as { round: number }).round).sort()).toEqual([47, 48, 49]);
    await reopened.close();
  });
});
