import { PassThrough, Readable } from 'node:stream';
import { createOpenAIChatClient } from '@rlver/llm';
import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createLlmTagger } from './llm-tagger/llm-tagger';
import { createRuleTagger } from './rule-tagger/rule-tagger';
import { tagJsonl } from './tag-jsonl';

function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
}

describe('tagJsonl', () => {
  it('should answer every non-blank line in order and count malformed ones', async () => {
    const output = sink();
    const errors = sink();
    const input = Readable.from(['{"text": "加油！"}\n\n{"text": 3}\r\n{"text": "Tell me more.", "id": "a"}\n']);
    const summary = await tagJsonl({
      input,
      output: output.stream,
      errors: errors.stream,
      tagger: createRuleTagger(),
      source: 'in.jsonl',
    });
    expect(summary).toEqual({ lines: 3, failed: 1 });
    const lines = output.text().trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"line":3');
    expect(lines[2]).toContain('active_listening');
    expect(errors.text()).toMatch(/^in\.jsonl:3: field "text"/);
  });

  it('should turn a reply the LLM cannot label into an error line and go on', async () => {
    const server = await startOpenAITestServer((request) => ({
      content: JSON.stringify(request.body.messages?.[1]?.content).includes('bad') ? 'nope' : '{"labels": ["advice"]}',
    }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: async () => {} });
      const output = sink();
      const errors = sink();
      const input = Readable.from(['{"text": "bad reply"}\n{"text": "Try a walk."}\n']);
      const tagger = createLlmTagger({ client, maxResampleAttempts: 1 });
      const summary = await tagJsonl({ input, output: output.stream, errors: errors.stream, tagger });
      expect(summary).toEqual({ lines: 2, failed: 1 });
      expect(output.text().trim().split('\n')[1]).toBe('{"labels":["advice"],"cues":[]}');
      expect(errors.text()).toMatch(/^stdin:1: m gave no valid strategy labels in 2 attempts/);
    } finally {
      await server.close();
    }
  });
});
