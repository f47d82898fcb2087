import { describe, expect, it } from 'vitest';
import { FAULT_KINDS, faultResponse, withRandomFaults } from './faults';
import { startOpenAITestServer } from './openai-test-server';

async function post(baseURL: string, timeoutMs = 2000) {
  try {
    const response = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      retryAfter: response.headers.get('retry-after'),
      text: await response.text(),
    };
  } catch (error) {
    return { status: 0, type: '', retryAfter: null, text: (error as Error).name };
  }
}

describe('faultResponse', () => {
  it('should answer each fault kind as a misbehaving server would', async () => {
    let kind: (typeof FAULT_KINDS)[number] = 'rate-limit';
    const server = await startOpenAITestServer(() => faultResponse(kind, { retryAfter: 7 }));
    try {
      const answers: Record<string, Awaited<ReturnType<typeof post>>> = {};
      for (const next of FAULT_KINDS) {
        kind = next;
        answers[next] = await post(server.baseURL, next.startsWith('stall') ? 200 : 2000);
      }
      expect(answers['rate-limit']).toMatchObject({ status: 429, retryAfter: '7' });
      expect(answers['rate-limit-bare']).toMatchObject({ status: 429, retryAfter: null });
      expect(answers['server-error']?.status).toBe(500);
      expect(() => JSON.parse(answers['malformed-json']?.text ?? '')).toThrow();
      expect(answers['html-page']?.text).toMatch(/^<!DOCTYPE html>/);
      expect(answers['sse-stream']).toMatchObject({ type: 'text/event-stream' });
      expect(answers['sse-stream']?.text).toMatch(/^data: /);
      expect(JSON.parse(answers['empty-choices']?.text ?? '{}').choices).toEqual([]);
      expect(JSON.parse(answers['content-null']?.text ?? '{}').choices[0].message.content).toBeNull();
      expect(JSON.parse(answers['content-number']?.text ?? '{}').choices[0].message.content).toBe(12345);
      expect(answers.stall?.text).toBe('TimeoutError');
      expect(answers['stall-mid-body']?.text).toBe('TimeoutError');
      expect(answers['connection-reset']?.status).toBe(0);
      expect(answers['reset-mid-body']).toMatchObject({ status: 0, text: 'TypeError' });
    } finally {
      await server.close();
    }
  });
});

describe('withRandomFaults', () => {
  it('should fault about the asked share of requests, reproducibly for a seed', async () => {
    const handler = withRandomFaults(() => ({ content: 'fine' }), { rate: 0.25, seed: 3 });
    const again = withRandomFaults(() => ({ content: 'fine' }), { rate: 0.25, seed: 3 });
    const request = { index: 0, path: '/v1/chat/completions', headers: {}, body: {} };
    const first = await Promise.all(Array.from({ length: 400 }, () => handler(request)));
    const second = await Promise.all(Array.from({ length: 400 }, () => again(request)));
    expect(first).toEqual(second);
    const faults = first.filter((response) => response.fault !== undefined).length;
    expect(faults).toBeGreaterThan(70);
    expect(faults).toBeLessThan(130);
    expect(Object.values(handler.injected()).reduce((sum, count) => sum + (count ?? 0), 0)).toBe(faults);
    expect(first.some((response) => response.fault === 'stall')).toBe(false);
  });
});
