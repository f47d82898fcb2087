import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { redteamCommand } from './redteam';

let output = '';
let spies: { mockRestore: () => void }[] = [];
beforeEach(() => {
  output = '';
  spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      output += String(chunk);
      return true;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
  ];
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

/** A synthetic recorded dialogue (our own text) in the SAGE result format. */
function transcriptFile(): string {
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

describe('redteamCommand', () => {
  it('should print a JSON report of the chosen families and write it to --out', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'eval-redteam-out-')), 'report.json');
    const code = await redteamCommand.run([transcriptFile(), '--families', 'echo,truncated', '--json', '--out', out]);
    expect(code).toBe(0);
    const printed = JSON.parse(output) as { report: { turns: number; families: { family: string; lang: string }[] } };
    expect(printed.report.turns).toBe(2);
    expect(printed.report.families.map((row) => [row.family, row.lang])).toEqual([
      ['echo', 'en'],
      ['truncated', 'en'],
    ]);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(printed);
  });

  it('should print the table and the adaptive attack on the shipped reference dialogues', async () => {
    const code = await redteamCommand.run([
      '--scenarios',
      'zh',
      '--max-dialogues',
      '2',
      '--max-turns-per-dialogue',
      '1',
      '--families',
      'wrong-language',
      '--adaptive',
      '--evaluations',
      '3',
    ]);
    expect(code).toBe(0);
    expect(output).toMatch(/wrong-language\s+zh\s+2/);
    expect(output).toContain('adaptive attack');
    expect(output).toMatch(/best exploit stays below the reference replies: (true|false)/);
  });

  it('should refuse bad input naming the flag', async () => {
    await expect(redteamCommand.run([])).rejects.toThrow(/--scenarios zh\|en/);
    await expect(redteamCommand.run(['--scenarios', 'fr'])).rejects.toThrow(/--scenarios "fr" is not valid/);
    await expect(redteamCommand.run(['--scenarios', 'en', '--families', 'nope'])).rejects.toThrow(
      /unknown red-team family "nope"/,
    );
    await expect(redteamCommand.run(['--scenarios', 'en', '--concurrency', '0'])).rejects.toThrow(/--concurrency is 0/);
  });
});
