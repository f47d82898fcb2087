import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchmarkSummarySchema } from '@rlver/bench';
import { InvalidConfigError, InvalidInputError, MissingAPIKeyError, safeParseJSON } from '@rlver/spec';
import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { runCommand } from './run';

/** Synthetic English profiles (our own text). */
function profileLine(id: string): string {
  return JSON.stringify({
    id,
    player: '- Name: Ada Lin\n- Age: 29\n- Occupation: librarian\n- Speaking style: dry, short',
    scene:
      '## Background\nHer flatmate keeps borrowing her bike without asking.\n#### Hidden theme:\n***You want to be heard',
    main_cha: 'passive',
    cha_group: ['cautious', 'patient', 'humble'],
    task: 'You want attentive listening while you vent',
    first_talk: 'My flatmate took my bike again. Third time this week.',
    lang: 'en',
  });
}

function profileFile(ids: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'eval-run-')), 'profiles.jsonl');
  writeFileSync(file, `${ids.map(profileLine).join('\n')}\n`);
  return file;
}

const analysis = (change: string) =>
  `Content:\n[meaning]\nThe NPC asks about the bike.\nTargetCompletion:\n[fit]\nFits.\nActivity:\n[inner]\nFeels heard.\nAnalyse:\n[feeling]\nOkay.\nChange:\n${change}`;
const reply = (text: string) => `Thinking:\nneutral\nOrigin:\nfine\nChange:\nshorter\nResponse:\n${text}`;

captureOutput();

const outDir = () => join(mkdtempSync(join(tmpdir(), 'eval-out-')), 'run');

describe('runCommand', () => {
  it('should run a template policy against the offline simulator, write all files and resume', async () => {
    const out = outDir();
    const argv = [
      '--policy',
      'template:deep_empathy',
      '--profiles',
      profileFile(['a', 'b', 'c']),
      '--out',
      out,
      '--concurrency',
      '2',
    ];
    expect(await runCommand.run(argv)).toBe(0);
    for (const name of ['results.jsonl', 'sage-results.jsonl', 'summary.json', 'report.html']) {
      expect(existsSync(join(out, name))).toBe(true);
    }
    const summary = safeParseJSON(readFileSync(join(out, 'summary.json'), 'utf8'), benchmarkSummarySchema);
    if (!summary.success) throw summary.error;
    expect(summary.value.settings).toMatchObject({
      policyId: 'template:deep_empathy',
      simulatorId: expect.stringContaining('offline'),
      preset: 'sage',
      concurrency: 2,
    });
    expect(summary.value.profiles + summary.value.errors).toBe(3);
    expect(await runCommand.run(argv)).toBe(0);
    const again = safeParseJSON(readFileSync(join(out, 'summary.json'), 'utf8'), benchmarkSummarySchema);
    expect(again.success && again.value.timing).toMatchObject({ episodesResumed: 3, episodesRun: 0 });
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  });

  it('should run the LLM simulator against a loopback endpoint without an API key and record the cache', async () => {
    const judgeAnswer = JSON.stringify({
      scores: { empathic_depth: 6, core_insight: 5, solution_crafting: 4, style_adaptability: 7, dialogue_guidance: 5 },
    });
    const server = await startOpenAITestServer((request) => {
      const prompt = request.body.messages?.[0]?.content ?? '';
      if (request.body.model === 'judge-model') return { content: judgeAnswer };
      if (request.body.model === 'policy-model') return { content: 'That sounds frustrating. What happened?' };
      return { content: prompt.includes('\nResponse:\n') ? reply('Thanks, that helps.') : analysis('+10') };
    });
    const previousKey = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const out = outDir();
      const argv = [
        '--policy',
        'openai:policy-model',
        '--simulator',
        'openai:test-model',
        '--base-url',
        server.baseURL,
        '--profiles',
        profileFile(['a', 'b']),
        '--cache',
        'write',
        '--judge',
        'openai:judge-model',
        '--out',
        out,
      ];
      expect(await runCommand.run(argv)).toBe(0);
      const summary = safeParseJSON(readFileSync(join(out, 'summary.json'), 'utf8'), benchmarkSummarySchema);
      if (!summary.success) throw summary.error;
      // 40 + 6 × 10 = 100: both users reach the ceiling.
      expect(summary.value).toMatchObject({ score: 100, success: 2, failure: 0 });
      expect(summary.value.settings).toMatchObject({
        simulatorId: 'openai:test-model',
        policyId: 'openai:policy-model',
        cache: { mode: 'write' },
      });
      expect(summary.value.judge).toMatchObject({
        judgeId: 'openai:judge-model',
        parity: 'not paper parity',
        dialogues: 2,
      });
      expect(summary.value.judge?.means.style_adaptability).toBe(7);
      expect(existsSync(join(out, 'llm-cache'))).toBe(true);
      const calls = server.requests.length;
      // Replay: no network call at all, same score.
      const replay = outDir();
      await server.close();
      expect(
        await runCommand.run([
          ...argv.slice(0, -2),
          '--out',
          replay,
          '--cache',
          'read',
          '--cache-dir',
          join(out, 'llm-cache'),
        ]),
      ).toBe(0);
      expect(server.requests.length).toBe(calls);
      const replayed = safeParseJSON(readFileSync(join(replay, 'summary.json'), 'utf8'), benchmarkSummarySchema);
      expect(replayed.success && replayed.value.score).toBe(100);
    } finally {
      if (previousKey !== undefined) process.env.OPENAI_API_KEY = previousKey;
      await server.close().catch(() => undefined);
    }
  });

  it('should refuse an unreachable endpoint before any episode starts', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'x' }));
    const baseURL = server.baseURL;
    await server.close();
    const out = outDir();
    const run = runCommand.run([
      '--policy',
      'template:praise',
      '--simulator',
      'openai:m',
      '--base-url',
      baseURL,
      '--profiles',
      profileFile(['a']),
      '--out',
      out,
    ]);
    await expect(run).rejects.toThrow(InvalidConfigError);
    await expect(run).rejects.toThrow(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1.*fix --base-url; no episode was started/,
    );
    expect(existsSync(join(out, 'results.jsonl'))).toBe(false);
  });

  it('should refuse a remote endpoint without OPENAI_API_KEY, naming the variable', async () => {
    const previousKey = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const run = runCommand.run([
        '--policy',
        'openai:gpt-4o-mini',
        '--base-url',
        'https://example.invalid/v1',
        '--profiles',
        profileFile(['a']),
        '--out',
        outDir(),
      ]);
      await expect(run).rejects.toThrow(MissingAPIKeyError);
      await expect(run).rejects.toThrow(/OPENAI_API_KEY/);
    } finally {
      if (previousKey !== undefined) process.env.OPENAI_API_KEY = previousKey;
    }
  });

  it('should name what to change for bad profiles and ids', async () => {
    const base = ['--policy', 'template:praise', '--out', outDir()];
    await expect(runCommand.run([...base, '--profiles', profileFile(['a']), '--ids', 'a,zzz'])).rejects.toThrow(
      /--ids: no profile with id "zzz"/,
    );
    const empty = join(mkdtempSync(join(tmpdir(), 'eval-empty-')), 'empty.jsonl');
    writeFileSync(empty, '\n');
    await expect(runCommand.run([...base, '--profiles', empty])).rejects.toThrow(
      /empty\.jsonl: is empty; --profiles needs one JSON profile per line/,
    );
    const broken = join(mkdtempSync(join(tmpdir(), 'eval-broken-')), 'broken.jsonl');
    writeFileSync(broken, `${profileLine('a')}\n{"id": "b", "player": 3}\n`);
    await expect(runCommand.run([...base, '--profiles', broken])).rejects.toThrow(InvalidInputError);
    await expect(runCommand.run([...base, '--profiles', broken])).rejects.toThrow(/broken\.jsonl, line 2/);
    await expect(runCommand.run([...base, '--profiles', '/no/such/file.jsonl'])).rejects.toThrow(
      /not found; check --profiles/,
    );
  });

  it('should reject invalid flags naming the flag', async () => {
    const profiles = ['--profiles', profileFile(['a'])];
    await expect(runCommand.run(['--concurrency', '0', ...profiles])).rejects.toThrow(
      /--concurrency is 0; it must be ≥ 1/,
    );
    await expect(runCommand.run(['--preset', 'fast', ...profiles])).rejects.toThrow(
      /--preset "fast" is not valid; use one of: sage, rlver-train/,
    );
    await expect(runCommand.run(['--policy', 'template:nonsense', ...profiles])).rejects.toThrow(/unknown strategy/);
    await expect(runCommand.run(['--policy', '/no/such/checkpoint', ...profiles])).rejects.toThrow(
      /--policy "\/no\/such\/checkpoint"/,
    );
    await expect(runCommand.run(['--simulator', 'gpt', ...profiles])).rejects.toThrow(/--simulator "gpt" is not valid/);
    await expect(runCommand.run(['--judge', 'gpt-4o', ...profiles])).rejects.toThrow(
      /--judge "gpt-4o" is not valid; use openai:<model>/,
    );
    await expect(runCommand.run(['--lang', 'en', ...profiles])).rejects.toThrow(/either --profiles <file> or --lang/);
    await expect(runCommand.run(['--bogus'])).rejects.toThrow(/Unknown option '--bogus'/);
  });

  it('should exit with code 2 and one clear line for bad input (CLI process)', () => {
    const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli.ts');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', cli, 'run', '--concurrency', 'many'],
      {
        encoding: 'utf8',
        env: { ...process.env, OPENAI_API_KEY: '' },
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('error: --concurrency "many" is not an integer');
  });
});
