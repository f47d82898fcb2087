import { InvalidConfigError } from '@rlver/spec';
import { scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIChatClient } from './chat-client';
import { defaultBaseURL } from './default-base-url';

describe('defaultBaseURL', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('should read OPENAI_BASE_URL, with an empty value counting as unset', () => {
    expect(defaultBaseURL({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toBe('http://127.0.0.1:9/v1');
    expect(defaultBaseURL({ OPENAI_BASE_URL: '' })).toBe('https://api.openai.com/v1');
    expect(defaultBaseURL({})).toBe('https://api.openai.com/v1');
  });

  it('should send a client without baseURL to OPENAI_BASE_URL, and let an explicit baseURL win', async () => {
    const fromEnvironment = await startOpenAITestServer(scriptedContents(['from the env server']));
    const explicit = await startOpenAITestServer(scriptedContents(['from the flag server']));
    try {
      vi.stubEnv('OPENAI_BASE_URL', fromEnvironment.baseURL);
      const client = createOpenAIChatClient({ model: 'm' });
      expect(client.baseURL).toBe(fromEnvironment.baseURL);
      const answer = await client.complete({ messages: [{ role: 'user', content: 'hi' }] });
      expect(answer.text).toBe('from the env server');
      expect(fromEnvironment.requests).toHaveLength(1);

      const flagged = createOpenAIChatClient({ model: 'm', baseURL: explicit.baseURL });
      expect((await flagged.complete({ messages: [{ role: 'user', content: 'hi' }] })).text).toBe(
        'from the flag server',
      );
      expect(fromEnvironment.requests).toHaveLength(1);
    } finally {
      await fromEnvironment.close();
      await explicit.close();
    }
  });

  it('should name OPENAI_BASE_URL when its value is not a URL', () => {
    vi.stubEnv('OPENAI_BASE_URL', 'my server');
    expect(() => createOpenAIChatClient({ model: 'm' })).toThrow(InvalidConfigError);
    expect(() => createOpenAIChatClient({ model: 'm' })).toThrow(/^OPENAI_BASE_URL "my server" is not a URL/);
  });
});
