import { describe, expect, it } from 'vitest';
import { type RecordedRequest, startOpenAITestServer } from './openai-test-server';

async function post(baseURL: string, content: string): Promise<string> {
  const response = await fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }),
  });
  const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
  return body.choices[0]?.message.content ?? '';
}

describe('startOpenAITestServer', () => {
  it('should record every request by default', async () => {
    const server = await startOpenAITestServer((request) => ({ content: `#${request.index}` }));
    try {
      expect([await post(server.baseURL, 'a'), await post(server.baseURL, 'b')]).toEqual(['#0', '#1']);
      expect(server.requests.map((request) => request.body.messages?.[0]?.content)).toEqual(['a', 'b']);
    } finally {
      await server.close();
    }
  });

  it('should keep no requests with recordRequests false, while still numbering arrivals', async () => {
    const seen: RecordedRequest[] = [];
    const server = await startOpenAITestServer(
      (request) => {
        seen.push(request);
        return { content: `#${request.index}` };
      },
      { recordRequests: false },
    );
    try {
      expect([await post(server.baseURL, 'a'), await post(server.baseURL, 'b')]).toEqual(['#0', '#1']);
      expect(server.requests).toEqual([]);
      expect(seen.map((request) => request.body.messages?.[0]?.content)).toEqual(['a', 'b']);
    } finally {
      await server.close();
    }
  });
});
