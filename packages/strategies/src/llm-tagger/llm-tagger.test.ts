import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileCache, createOpenAIChatClient } from '@rlver/llm';
import { InvalidLLMOutputError, LLMCallError } from '@rlver/spec';
import { type OpenAITestServer, scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createStrategyTagger } from '../create-strategy-tagger';
import { createLlmTagger } from './llm-tagger';

const noSleep = async () => {};
const REPLY = '你一定很委屈吧。你可以先和她聊聊。';
const VALID = JSON.stringify({
  labels: ['advice', 'deep_empathy'],
  evidence: [
    { label: 'deep_empathy', quote: '你一定很委屈吧' },
    { label: 'advice', quote: '你可以先和她聊聊' },
    { label: 'advice', quote: 'not in the reply' },
  ],
});

let server: OpenAITestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function taggerFor(baseURL: string, maxResampleAttempts = 2) {
  const client = createOpenAIChatClient({ model: 'tagger-model', baseURL, sleep: noSleep, maxRetries: 2 });
  return createLlmTagger({ client, maxResampleAttempts });
}

describe('createLlmTagger', () => {
  it('should parse valid JSON into labels in taxonomy order with cue spans found in the reply', async () => {
    server = await startOpenAITestServer(scriptedContents([VALID]));
    const tagger = taggerFor(server.baseURL);
    const result = await tagger.doTag({ text: REPLY, lang: 'zh' });
    expect(tagger.taggerId).toBe('openai:tagger-model');
    expect(result.labels).toEqual(['deep_empathy', 'advice']);
    expect(result.cues).toEqual([
      { label: 'deep_empathy', cue: '你一定很委屈吧', start: 0, end: 7 },
      { label: 'advice', cue: '你可以先和她聊聊', start: 8, end: 16 },
    ]);
    const system = server.requests[0]?.body.messages?.[0]?.content ?? '';
    expect(system).toContain('generic_comfort');
    expect(server.requests[0]?.body.messages?.[1]?.content).toContain(REPLY);
  });

  it('should accept a fenced answer and drop other when real labels are given', async () => {
    server = await startOpenAITestServer(scriptedContents(['```json\n{"labels": ["other", "praise"]}\n```']));
    const result = await taggerFor(server.baseURL).doTag({ text: 'You handled that so well.' });
    expect(result).toEqual({ labels: ['praise'], cues: [] });
  });

  it('should resample after invalid output, passing the attempt index, then succeed', async () => {
    server = await startOpenAITestServer(scriptedContents(['not json', '{"labels": ["hug"]}', VALID]));
    const result = await taggerFor(server.baseURL).doTag({ text: REPLY });
    expect(result.labels).toEqual(['deep_empathy', 'advice']);
    expect(server.requests).toHaveLength(3);
  });

  it('should throw a typed InvalidLLMOutputError after persistent invalid output', async () => {
    server = await startOpenAITestServer(scriptedContents(['{"labels": "advice"}']));
    const error = await taggerFor(server.baseURL, 1)
      .doTag({ text: REPLY })
      .catch((caught: unknown) => caught);
    expect(InvalidLLMOutputError.isInstance(error)).toBe(true);
    expect((error as InvalidLLMOutputError).attempts).toBe(2);
    expect((error as InvalidLLMOutputError).text).toBe('{"labels": "advice"}');
    expect(server.requests).toHaveLength(2);
  });

  it('should retry a 500 through the client and then tag', async () => {
    server = await startOpenAITestServer(scriptedContents([{ status: 500 }, VALID]));
    const result = await taggerFor(server.baseURL).doTag({ text: REPLY });
    expect(result.labels).toEqual(['deep_empathy', 'advice']);
    expect(server.requests).toHaveLength(2);
  });

  it('should surface a persistent server error as LLMCallError', async () => {
    server = await startOpenAITestServer(() => ({ status: 503 }));
    const error = await taggerFor(server.baseURL)
      .doTag({ text: REPLY })
      .catch((caught: unknown) => caught);
    expect(LLMCallError.isInstance(error)).toBe(true);
  });

  it('should not call the model for empty text', async () => {
    server = await startOpenAITestServer(scriptedContents([VALID]));
    expect(await taggerFor(server.baseURL).doTag({ text: '  ' })).toEqual({ labels: [], cues: [] });
    expect(server.requests).toHaveLength(0);
  });

  it('should replay recorded answers, resamples included, without calling the server', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'rlver-tagger-cache-'));
    server = await startOpenAITestServer(scriptedContents(['oops', VALID]));
    const record = createStrategyTagger({
      kind: 'openai',
      model: 'tagger-model',
      baseURL: server.baseURL,
      cache: createFileCache({ directory, mode: 'write' }),
    });
    const recorded = await record.doTag({ text: REPLY });
    const replay = createStrategyTagger({
      kind: 'openai',
      model: 'tagger-model',
      baseURL: server.baseURL,
      cache: createFileCache({ directory, mode: 'read' }),
    });
    expect(await replay.doTag({ text: REPLY })).toEqual(recorded);
    expect(server.requests).toHaveLength(2);
  });
});
