import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidInputError } from './errors/invalid-input-error';
import { readCompleteJsonl, readJsonlFile } from './jsonl';

const schema = z.object({ id: z.string(), text: z.string() });
const file = (bytes: Uint8Array | string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'jsonl-encoding-')), 'profiles.jsonl');
  writeFileSync(path, bytes);
  return path;
};
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('readJsonlFile: encodings', () => {
  it('should name a UTF-8 byte-order mark with the file and line 1', () => {
    const path = file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"id":"a","text":"hi"}\n')]));
    const error = (() => {
      try {
        readJsonlFile(path, schema);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`${path}, line 1`);
    expect((error as Error).message).toMatch(/byte-order mark \(BOM\)/);
    expect((error as Error).message).not.toContain('Unexpected token');
  });

  it('should name Latin-1 bytes (not UTF-8) with the file, line and byte', () => {
    // "café" in Latin-1 on line 2: 0xE9 is not valid UTF-8 there.
    const latin1 = Buffer.from('{"id":"b","text":"caf\u00e9"}\n', 'latin1');
    const path = file(Buffer.concat([utf8('{"id":"a","text":"ok"}\n'), latin1]));
    expect(() => readJsonlFile(path, schema)).toThrow(InvalidInputError);
    expect(() => readJsonlFile(path, schema)).toThrow(
      new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, line 2: .*not valid UTF-8.*0xE9.*Latin-1`),
    );
  });

  it('should name a broken UTF-8 sequence, and keep reading good UTF-8 (Chinese, emoji) unchanged', () => {
    const broken = file(Buffer.concat([utf8('{"id":"a","text":"'), Buffer.from([0xe4, 0xbd]), utf8('"}\n')]));
    expect(() => readJsonlFile(broken, schema)).toThrow(/line 1: .*not valid UTF-8/);
    const good = file(utf8('{"id":"a","text":"你好 🙂"}\n'));
    expect(readJsonlFile(good, schema).records[0]?.value.text).toBe('你好 🙂');
    expect(readCompleteJsonl(good, schema).records[0]?.text).toBe('你好 🙂');
  });
});

describe('redactBaseURL', () => {
  it('should drop credentials, query and fragment, and keep the rest', async () => {
    const { redactBaseURL } = await import('./run-identity');
    expect(redactBaseURL('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
    expect(redactBaseURL('https://user:sk-secret@api.example.com/v1/?api-key=sk-secret#x')).toBe(
      'https://api.example.com/v1/',
    );
    expect(redactBaseURL('not a url')).toBe('not a url');
  });
});
