import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { type RecordedRequest, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runTagCommand } from './tag';

const KEY = 'RLVER_TEST_TAGGER_KEY';
beforeEach(() => {
  process.env[KEY] = 'tagger-secret';
});
afterEach(() => {
  delete process.env[KEY];
  vi.unstubAllEnvs();
});

async function tag(argv: string[], lines: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const code = await runTagCommand(argv, { stdin: Readable.from([lines.join('\n')]), stdout, stderr });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const bearers = (requests: RecordedRequest[]) => [...new Set(requests.map((r) => r.headers.authorization))];

describe('rlver-eval tag with the tagger endpoint', () => {
  it('should send the tagger to --endpoints.tagger.base-url with its own key, and print its usage on stderr', async () => {
    const shared = await startOpenAITestServer(() => ({ content: '{"labels": ["advice"]}' }));
    const own = await startOpenAITestServer(() => ({ content: '{"labels": ["praise"]}' }));
    try {
      const input = ['{"text": "Well done!"}', '{"text": "You did great."}'];
      const result = await tag(
        [
          '--tagger',
          'openai:tag-model',
          '--base-url',
          shared.baseURL,
          '--endpoints.tagger.base-url',
          own.baseURL,
          '--endpoints.tagger.api-key-env',
          KEY,
          '--endpoints.tagger.price.input-per-million',
          '1',
          '--endpoints.tagger.price.output-per-million',
          '2',
        ],
        input,
      );
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split('\n')).toEqual([
        '{"labels":["praise"],"cues":[]}',
        '{"labels":["praise"],"cues":[]}',
      ]);
      expect(shared.requests).toHaveLength(0);
      expect(own.requests.map((request) => request.body.model)).toEqual(['tag-model', 'tag-model']);
      expect(bearers(own.requests)).toEqual(['Bearer tagger-secret']);
      // The test server reports 10 prompt tokens and ceil(characters / 4) completion tokens per call.
      const out = Math.ceil('{"labels": ["praise"]}'.length / 4);
      expect(result.stderr).toMatch(
        new RegExp(
          `endpoint tagger: 2 requests, tokens in 20 / out ${2 * out}, latency .*cost ${(20 + 4 * out) / 1e6}`,
        ),
      );
    } finally {
      await shared.close();
      await own.close();
    }
  });

  it('should keep --base-url as the default of the tagger and take the endpoints block of --config', async () => {
    const shared = await startOpenAITestServer(() => ({ content: '{"labels": ["advice"]}' }));
    try {
      const config = join(mkdtempSync(join(tmpdir(), 'eval-tag-roles-')), 'endpoints.yaml');
      writeFileSync(config, `endpoints:\n  tagger:\n    apiKeyEnv: ${KEY}\n    concurrency: 1\n`);
      const argv = ['--tagger', 'openai:m', '--base-url', shared.baseURL, '--config', config];
      const result = await tag(argv, ['{"text": "Try a walk."}', '{"text": "Maybe rest."}']);
      expect(result.code).toBe(0);
      expect(shared.requests).toHaveLength(2);
      expect(bearers(shared.requests)).toEqual(['Bearer tagger-secret']);
      expect(shared.maxInFlight()).toBe(1);
      expect(result.stderr).toMatch(/^endpoint tagger: 2 requests/m);
      // Without a key variable for the role, OPENAI_API_KEY is its key, as before.
      vi.stubEnv('OPENAI_API_KEY', 'shared-secret');
      await tag(['--tagger', 'openai:m', '--base-url', shared.baseURL], ['{"text": "Rest now."}']);
      expect(shared.requests.at(-1)?.headers.authorization).toBe('Bearer shared-secret');
      // The rule tagger calls no endpoint and prints no usage line.
      expect((await tag([], ['{"text": "Well done!"}'])).stderr).not.toContain('endpoint');

      writeFileSync(config, 'endpoints:\n  tagger:\n    concurrency: 1\n  judge:\n    concurrency: 1\n');
      await expect(tag([...argv], [])).rejects.toThrow(/line 4: field "endpoints\.judge": .*known: tagger/);
      await expect(tag(['--endpoints.tagger.concurrency', 'two'], [])).rejects.toThrow(
        /--endpoints\.tagger\.concurrency "two" is not a number/,
      );
    } finally {
      await shared.close();
    }
  });

  it('should list the tagger endpoint flags in --help', async () => {
    const { stdout } = await tag(['--help'], []);
    expect(stdout).toContain('--endpoints.tagger.base-url');
    expect(stdout).toContain('--endpoints.tagger.api-key-env');
    expect(stdout).toContain('Endpoints per role (tagger)');
  });
});
