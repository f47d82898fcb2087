import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CacheMissError, InvalidLLMOutputError, LLMCallError } from '@rlver/spec';
import { scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { createOpenAIChatClient } from './chat-client';
import { createFileCache } from './llm-cache';

const noSleep = async () => {};

describe('createOpenAIChatClient', () => {
  it('should send the messages and sampling settings and return the text', async () => {
    const server = await startOpenAITestServer(scriptedContents(['hello there']));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep });
      const result = await client.complete({ messages: [{ role: 'user', content: 'hi' }], temperature: 0.5, seed: 7 });
      expect(result.text).toBe('hello there');
      expect(server.requests[0]?.body.temperature).toBe(0.5);
      expect(server.requests[0]?.body.seed).toBe(7);
      expect(server.requests[0]?.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
    } finally {
      await server.close();
    }
  });

  it('should retry 429 and 500 then succeed, with a bounded number of calls', async () => {
    const server = await startOpenAITestServer(scriptedContents([{ status: 429 }, { status: 500 }, 'ok']));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep, maxRetries: 2 });
      const result = await client.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(result.text).toBe('ok');
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('should give up after maxRetries with a retryable LLMCallError', async () => {
    const server = await startOpenAITestServer(() => ({ status: 503 }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep, maxRetries: 2 });
      const error = await client
        .complete({ messages: [{ role: 'user', content: 'x' }] })
        .catch((caught: unknown) => caught);
      expect(LLMCallError.isInstance(error)).toBe(true);
      expect((error as LLMCallError).statusCode).toBe(503);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('should not retry a 400', async () => {
    const server = await startOpenAITestServer(() => ({ status: 400 }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep });
      await expect(client.complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        isRetryable: false,
        statusCode: 400,
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('should time out a hanging server and retry', async () => {
    const server = await startOpenAITestServer(scriptedContents([{ hang: true }, 'late but fine']));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep, timeoutMs: 200 });
      const result = await client.complete({ messages: [{ role: 'user', content: 'x' }] });
      expect(result.text).toBe('late but fine');
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('should name the limit when the last try times out', async () => {
    const server = await startOpenAITestServer(() => ({ hang: true }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, timeoutMs: 100, maxRetries: 0 });
      await expect(client.complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        isRetryable: true,
        message: expect.stringMatching(/timed out after 100 ms/),
      });
    } finally {
      await server.close();
    }
  });

  it('should stop at once, without retrying, when the caller aborts', async () => {
    // The caller aborts once the server holds the request (a fixed 50 ms raced the request itself on a loaded
    // machine: the abort came first and the server saw no request).
    const controller = new AbortController();
    const server = await startOpenAITestServer(() => {
      setTimeout(() => controller.abort(), 20);
      return { hang: true };
    });
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep, maxRetries: 2 });
      const error = await client
        .complete({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(LLMCallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ isRetryable: false, message: expect.stringMatching(/aborted/) });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('should retry an empty message, then treat it as invalid output, never as a silent empty reply', async () => {
    const server = await startOpenAITestServer(() => ({ content: '   ' }));
    try {
      const client = createOpenAIChatClient({ model: 'm', baseURL: server.baseURL, sleep: noSleep });
      const error = await client
        .complete({ messages: [{ role: 'user', content: 'x' }] })
        .catch((caught: unknown) => caught);
      expect(InvalidLLMOutputError.isInstance(error)).toBe(true);
      expect((error as Error).name).toBe('RLVER_InvalidLLMOutputError');
      // Retried like any malformed answer (2 retries by default) before giving up.
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('should replay a recorded run bit-identically with zero network calls', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'rlver-cache-')), 'cache');
    let counter = 0;
    const server = await startOpenAITestServer(() => ({ content: `answer ${counter++}` }));
    const messages = [{ role: 'user' as const, content: '你好' }];
    let recorded: string[] = [];
    try {
      const writer = createOpenAIChatClient({
        model: 'm',
        baseURL: server.baseURL,
        cache: createFileCache({ directory, mode: 'write' }),
      });
      recorded = [(await writer.complete({ messages })).text, (await writer.complete({ messages, attempt: 1 })).text];
      expect(recorded).toEqual(['answer 0', 'answer 1']);
    } finally {
      await server.close();
    }
    const reader = createOpenAIChatClient({
      model: 'm',
      baseURL: 'http://127.0.0.1:9/v1',
      cache: createFileCache({ directory, mode: 'read' }),
    });
    const replayed = [
      (await reader.complete({ messages })).text,
      (await reader.complete({ messages, attempt: 1 })).text,
    ];
    expect(replayed).toEqual(recorded);
    expect(reader.callCount()).toBe(0);
    const miss = await reader
      .complete({ messages: [{ role: 'user', content: 'new' }] })
      .catch((caught: unknown) => caught);
    expect(CacheMissError.isInstance(miss)).toBe(true);
  });
});
