import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A synthetic recorded dialogue (our own text) in the SAGE result format. */
export function transcriptFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'eval-redteam-')), 'dialogues.jsonl');
  const line = (id: string, name: string) =>
    JSON.stringify({
      id,
      emo_point: 45,
      player: `* Name: ${name}`,
      scene: `${name} was passed over for a route he had asked for twice.`,
      task: 'You want deep empathy for your feelings, not shallow comfort',
      history: [
        { role: 'user', content: 'They gave my route to a newcomer. Again.', 'emotion-point': 40 },
        {
          role: 'assistant',
          content: `Being passed over twice for the route you asked for, ${name}, and seeing it go to a newcomer is a real blow. How long had you been waiting for it?`,
        },
        { role: 'user', content: 'Two years.', 'emotion-point': 45, planning: { change: 5 } },
      ],
    });
  writeFileSync(file, `${line('a', 'Sam')}\n${line('b', 'Leo')}\n`);
  return file;
}
