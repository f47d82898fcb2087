import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfiles } from './load-profiles';

const profile = (id: string, name: string) =>
  JSON.stringify({
    id,
    player: `- Name: ${name}`,
    scene: 'A rainy week.\n#### Hidden theme:\n***You want to be heard',
    main_cha: 'passive',
    cha_group: ['a', 'b', 'c'],
    task: 'You want attentive listening while you vent',
  });

describe('loadProfiles: encodings', () => {
  const file = (bytes: Buffer) => {
    const path = join(mkdtempSync(join(tmpdir(), 'profiles-encoding-')), 'profiles.jsonl');
    writeFileSync(path, bytes);
    return path;
  };

  it('should name Latin-1 bytes instead of loading U+FFFD into a profile', () => {
    const path = file(
      Buffer.concat([Buffer.from(`${profile('a', 'Ana')}\n`), Buffer.from(`${profile('b', 'José')}\n`, 'latin1')]),
    );
    expect(() => loadProfiles(path)).toThrow(/profiles\.jsonl, line 2: the text is not valid UTF-8: byte 0xE9/);
  });

  it('should name a byte-order mark', () => {
    const path = file(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${profile('a', 'Ana')}\n`)]));
    expect(() => loadProfiles(path)).toThrow(/profiles\.jsonl, line 1: .*byte-order mark \(BOM\)/);
  });
});
