import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidConfigError } from '@rlver/spec';
import { startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';
import { probeOpenAIEndpoint } from './probe-endpoint';

/** A loopback server answering every request with one status (servers without /models, bad keys). */
async function statusServer(status: (method: string, path: string) => number) {
  const server = createServer((request, response) => {
    response.writeHead(status(request.method ?? '', request.url ?? ''), { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: 'scripted' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('probeOpenAIEndpoint', () => {
  it('should pass a reachable endpoint that lists the model, and warn when it does not', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'ok' }));
    try {
      expect(await probeOpenAIEndpoint({ baseURL: server.baseURL, model: 'test-model', flag: '--policy' })).toEqual([]);
      const warnings = await probeOpenAIEndpoint({ baseURL: server.baseURL, model: 'other', flag: '--policy' });
      expect(warnings[0]).toMatch(/does not list model "other"/);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('should fall back to a 1-token completion when the server has no model list', async () => {
    const server = await statusServer((method) => (method === 'GET' ? 404 : 200));
    const missingModel = await statusServer(() => 404);
    try {
      expect(await probeOpenAIEndpoint({ baseURL: server.baseURL, model: 'm', flag: '--simulator' })).toEqual([]);
      await expect(
        probeOpenAIEndpoint({ baseURL: missingModel.baseURL, model: 'm', flag: '--simulator' }),
      ).rejects.toThrow(/answered HTTP 404 on a 1-token chat completion for model "m"; check --simulator/);
    } finally {
      await server.close();
      await missingModel.close();
    }
  });

  it('should name OPENAI_API_KEY when the key is rejected', async () => {
    const server = await statusServer(() => 401);
    try {
      await expect(probeOpenAIEndpoint({ baseURL: server.baseURL, model: 'm', flag: '--policy' })).rejects.toThrow(
        /rejected the API key \(HTTP 401\).*set OPENAI_API_KEY/,
      );
    } finally {
      await server.close();
    }
  });

  it('should time out on a server that never answers', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const server = createServer(() => undefined);
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(
        probeOpenAIEndpoint({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', flag: '--policy', timeoutMs: 200 }),
      ).rejects.toThrow(/no answer within 200 ms/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('should say the server cannot be reached before anything runs', async () => {
    const server = await startOpenAITestServer(() => ({ content: 'x' }));
    const baseURL = server.baseURL;
    await server.close();
    const probe = probeOpenAIEndpoint({ baseURL, model: 'm', flag: '--policy' });
    await expect(probe).rejects.toThrow(InvalidConfigError);
    await expect(probe).rejects.toThrow(/cannot reach .*ECONNREFUSED.*fix --base-url/);
  });
});
