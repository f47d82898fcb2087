import { PassThrough, Readable } from 'node:stream';
import { scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTagCommand } from './tag';

describe('runTagCommand with OPENAI_BASE_URL', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('should send --tagger openai:<model> to OPENAI_BASE_URL when --base-url is not given', async () => {
    const server = await startOpenAITestServer(scriptedContents(['{"labels": ["praise"]}']));
    try {
      vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
      const stdout = new PassThrough();
      const chunks: string[] = [];
      stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
      const code = await runTagCommand(['--tagger', 'openai:m'], {
        stdin: Readable.from(['{"text": "Well done!"}\n']),
        stdout,
        stderr: new PassThrough(),
      });
      expect(code).toBe(0);
      expect(chunks.join('').trim()).toBe('{"labels":["praise"],"cues":[]}');
      expect(server.requests.map((request) => request.body.model)).toEqual(['m']);
    } finally {
      await server.close();
    }
  });
});
