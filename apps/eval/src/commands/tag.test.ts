import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { InvalidConfigError, InvalidInputError } from '@rlver/spec';
import { scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { runTagCommand } from './tag';

function collect() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

async function run(argv: string[], stdinText = '') {
  const stdout = collect();
  const stderr = collect();
  const code = await runTagCommand(argv, {
    stdin: Readable.from([stdinText]),
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  const parseLines = () =>
    stdout
      .text()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    code,
    get lines() {
      return parseLines();
    },
    stderr: stderr.text(),
    stdout: stdout.text(),
  };
}

function tempFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rlver-tag-')), 'replies.jsonl');
  writeFileSync(file, content);
  return file;
}

describe('runTagCommand', () => {
  it('should tag every line of a file and exit 0', async () => {
    const file = tempFile(
      `${JSON.stringify({ text: '别难过，会好起来的。', lang: 'zh' })}\n\n${JSON.stringify({ text: 'When did it start?' })}\n`,
    );
    const result = await run([file]);
    expect(result.code).toBe(0);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[0]?.labels).toEqual(['generic_comfort']);
    expect(result.lines[0]?.cues).toEqual([
      { label: 'generic_comfort', cue: '别难过', start: 0, end: 3 },
      expect.anything(),
    ]);
    expect(result.lines[1]?.labels).toEqual(['question']);
  });

  it('should report a malformed line with its number, keep outputs aligned and exit 1', async () => {
    const stdin = `{"text": "Cheer up!"}\nnot json\n{"lang": "zh"}\n{"text": "I'm listening.", "lang": "fr"}\n{"text": "好的。"}\n`;
    const result = await run(['--tagger', 'rule'], stdin);
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(5);
    expect(result.lines.map((line) => line.line)).toEqual([undefined, 2, 3, 4, undefined]);
    expect(result.lines[4]?.labels).toEqual(['other']);
    expect(result.stderr).toMatch(/stdin:2: /);
    expect(result.stderr).toMatch(/stdin:3: .*text/);
    expect(result.stderr).toMatch(/stdin:4: .*lang/);
  });

  it('should tag with an LLM through --tagger openai:<model> --base-url', async () => {
    const server = await startOpenAITestServer(scriptedContents(['{"labels": ["praise"]}']));
    try {
      const result = await run(['--tagger', 'openai:m', '--base-url', server.baseURL], '{"text": "Well done!"}\n');
      expect(result.code).toBe(0);
      expect(result.lines).toEqual([{ labels: ['praise'], cues: [] }]);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('should print help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: rlver-eval tag');
    expect(result.stdout).toContain('--tagger');
  });

  it('should reject a bad --tagger and a missing file with clear errors', async () => {
    await expect(run(['--tagger', 'gpt'])).rejects.toThrow(InvalidConfigError);
    await expect(run(['/no/such/file.jsonl'])).rejects.toThrow(InvalidInputError);
  });
});
