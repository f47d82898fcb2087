import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJsonlAppender } from './jsonl-appender';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'rlver-appender-')), 'nested', 'results.jsonl');
const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { n: number });

describe('createJsonlAppender', () => {
  it('should have each line on disk when its append resolves', async () => {
    const file = tempFile();
    const appender = createJsonlAppender(file);
    await appender.append({ n: 1 });
    expect(linesOf(file)).toEqual([{ n: 1 }]);
    await appender.append({ n: 2 });
    expect(linesOf(file)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('should keep every line of concurrent appends, whole and in arrival order', async () => {
    const file = tempFile();
    const appender = createJsonlAppender(file);
    const seenAtResolve: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        appender.append({ n, padding: 'x'.repeat(n * 100) }).then(() => {
          seenAtResolve.push(linesOf(file).filter((line) => line.n === n).length);
        }),
      ),
    );
    expect(linesOf(file).map((line) => line.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(seenAtResolve).toEqual(Array.from({ length: 50 }, () => 1));
  });

  it('should reject the appends of a failed write and keep answering later ones', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rlver-appender-'));
    const blocker = join(directory, 'not-a-directory');
    writeFileSync(blocker, '');
    const appender = createJsonlAppender(join(blocker, 'results.jsonl'));
    await expect(appender.append({ n: 1 })).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(appender.append({ n: 2 })).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});
