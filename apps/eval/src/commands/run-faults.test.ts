import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchmarkSummarySchema } from '@rlver/bench';
import { RlverError, safeParseJSON } from '@rlver/spec';
import { faultResponse, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFile } from '../test/profile-file';
import { runCommand } from './run';

// Faults on a real loopback endpoint through the real command (synthetic profiles, our own text).

const analysis = (change: string) =>
  `Content:\nThe NPC asks.\nTargetCompletion:\nFits.\nActivity:\nFeels heard.\nAnalyse:\nOkay.\nChange:\n${change}`;
const reply = (text: string) => `Thinking:\nneutral\nOrigin:\nfine\nChange:\nshorter\nResponse:\n${text}`;
const healthy = (prompt: string) => ({
  content: prompt.includes('\nResponse:\n') ? reply('Thanks, that helps.') : analysis('+10'),
});

let output: Array<{ mockRestore: () => void }> = [];
beforeEach(() => {
  output = [
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
  ];
});
afterEach(() => {
  for (const spy of output) spy.mockRestore();
});

const outDir = () => join(mkdtempSync(join(tmpdir(), 'eval-faults-out-')), 'run');
const summaryOf = (out: string) => {
  const parsed = safeParseJSON(readFileSync(join(out, 'summary.json'), 'utf8'), benchmarkSummarySchema);
  if (!parsed.success) throw parsed.error;
  return parsed.value;
};

describe('rlver-eval run under endpoint faults', () => {
  it('should exit non-zero naming the cause when every dialogue errors, then redo them once the endpoint recovers', async () => {
    let down = true;
    const server = await startOpenAITestServer((request) =>
      down ? faultResponse('server-error') : healthy(request.body.messages?.[0]?.content ?? ''),
    );
    try {
      const out = outDir();
      const argv = [
        '--policy',
        'template:deep_empathy',
        '--simulator',
        'openai:sim-model',
        '--base-url',
        server.baseURL,
        '--profiles',
        profileFile(['a', 'b']),
        '--out',
        out,
        '--max-retries',
        '0',
      ];
      const failed = await runCommand.run(argv).catch((error: unknown) => error);
      expect(RlverError.isInstance(failed)).toBe(true);
      expect((failed as Error).message).toMatch(/2 of 2 dialogues ended in an error/);
      expect((failed as Error).message).toMatch(/HTTP 500/);
      expect((failed as Error).message).toMatch(/rerun/);
      expect(summaryOf(out)).toMatchObject({ errors: 2, score: null });

      down = false;
      expect(await runCommand.run(argv)).toBe(0);
      const summary = summaryOf(out);
      expect(summary).toMatchObject({ errors: 0, score: 100, complete: true });
      expect(summary.timing).toMatchObject({ episodesRedone: 2, episodesRun: 2 });
      expect(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('should take timeouts and retry counts per endpoint role from flags', async () => {
    const server = await startOpenAITestServer((request) =>
      request.body.model === 'sim-model' ? faultResponse('stall') : { content: 'unused' },
    );
    try {
      const out = outDir();
      const started = performance.now();
      const failed = await runCommand
        .run([
          '--policy',
          'template:praise',
          '--simulator',
          'openai:sim-model',
          '--base-url',
          server.baseURL,
          '--profiles',
          profileFile(['a']),
          '--out',
          out,
          '--simulator-timeout-ms',
          '150',
          '--simulator-max-retries',
          '1',
        ])
        .catch((error: unknown) => error);
      expect((failed as Error).message).toMatch(/timed out after 150 ms/);
      expect(performance.now() - started).toBeLessThan(15_000);
      // 1 try + 1 retry, for each of the environment's 2 attempts at the simulator call.
      expect(server.requests.filter((request) => request.body.model === 'sim-model')).toHaveLength(4);
    } finally {
      await server.close();
    }
  });

  it('should list the reliability flags in --help', async () => {
    let help = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      help += String(chunk);
      return true;
    });
    try {
      expect(await runCommand.run(['--help'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    for (const flag of [
      '--timeout-ms',
      '--max-retries',
      '--max-rate-limit-retries',
      '--max-retry-after-ms',
      '--simulator-timeout-ms',
      '--policy-max-retries',
      '--judge-timeout-ms',
      '--max-error-fraction',
    ]) {
      expect(help).toContain(flag);
    }
  });

  it('should refuse to mix presets in one --out and never write the API key', async () => {
    const server = await startOpenAITestServer((request) => healthy(request.body.messages?.[0]?.content ?? ''));
    const previousKey = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-test-secret-0123456789';
    try {
      const out = outDir();
      const argv = (preset: string) => [
        '--policy',
        'template:praise',
        '--simulator',
        'openai:sim-model',
        '--base-url',
        server.baseURL,
        '--profiles',
        profileFile(['a']),
        '--out',
        out,
        '--preset',
        preset,
      ];
      expect(await runCommand.run(argv('sage'))).toBe(0);
      const record = JSON.parse(readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n')[0] ?? '{}');
      expect(record.identity).toMatchObject({
        preset: 'sage',
        seed: 0,
        think: false,
        endpoints: { simulator: { baseURL: server.baseURL, model: 'sim-model' } },
      });
      await expect(runCommand.run(argv('rlver-train'))).rejects.toThrow(/preset.*"sage".*"rlver-train"/);
      for (const name of readdirSync(out, { recursive: true }) as string[]) {
        const path = join(out, name);
        if (name.endsWith('.json') || name.endsWith('.jsonl') || name.endsWith('.html')) {
          expect(readFileSync(path, 'utf8')).not.toContain('sk-test-secret');
        }
      }
    } finally {
      if (previousKey === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = previousKey;
      await server.close();
    }
  });
});
