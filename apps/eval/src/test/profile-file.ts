import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp JSONL file of synthetic English profiles (our own text) with the given ids, for `--profiles` in tests. */
export function profileFile(ids: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'eval-profiles-')), 'profiles.jsonl');
  const line = (id: string) =>
    JSON.stringify({
      id,
      player: '- Name: Ada Lin\n- Age: 29\n- Occupation: librarian',
      scene: '## Background\nHer flatmate keeps borrowing her bike.\n#### Hidden theme:\n***You want to be heard',
      main_cha: 'passive',
      cha_group: ['cautious', 'patient', 'humble'],
      task: 'You want attentive listening while you vent',
      first_talk: 'My flatmate took my bike again.',
      lang: 'en',
    });
  writeFileSync(file, `${ids.map(line).join('\n')}\n`);
  return file;
}
