import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { transcriptFile } from '../test/transcript-file';
import { redteamCommand } from './redteam';

const output = captureOutput();

describe('redteamCommand', () => {
  it('should print a JSON report of the chosen families and write it to --out', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'eval-redteam-out-')), 'report.json');
    const code = await redteamCommand.run([transcriptFile(), '--families', 'echo,truncated', '--json', '--out', out]);
    expect(code).toBe(0);
    const printed = JSON.parse(output.stdout()) as {
      report: { turns: number; families: { family: string; lang: string }[] };
    };
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
    expect(output.stdout()).toMatch(/wrong-language\s+zh\s+2/);
    expect(output.stdout()).toContain('adaptive attack');
    expect(output.stdout()).toMatch(/best exploit stays below the reference replies: (true|false)/);
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
