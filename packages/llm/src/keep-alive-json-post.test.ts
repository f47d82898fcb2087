import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeepAliveJsonPost, type JsonPostRequest } from './keep-alive-json-post';

let server: Server | undefined;
let connections = 0;

async function serve(listener: RequestListener): Promise<URL> {
  connections = 0;
  server = createServer(listener);
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`);
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  server = undefined;
});

const request = (url: URL, extra: Partial<JsonPostRequest> = {}): JsonPostRequest => ({
  url,
  headers: { 'content-type': 'application/json' },
  body: '{"ping":1}',
  timeoutMs: 2000,
  ...extra,
});

describe('createKeepAliveJsonPost', () => {
  it('should send the body and headers and resolve with the status, headers and text of any answer', async () => {
    const url = await serve((incoming, response) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        response.writeHead(418, {
          'content-type': 'application/json',
          'x-echo-type': incoming.headers['content-type'],
        });
        response.end(
          JSON.stringify({ method: incoming.method, path: incoming.url, body: Buffer.concat(chunks).toString() }),
        );
      });
    });
    const answer = await createKeepAliveJsonPost()(request(url));
    expect(answer.status).toBe(418);
    expect(answer.headers['x-echo-type']).toBe('application/json');
    expect(JSON.parse(answer.text)).toEqual({ method: 'POST', path: '/v1/chat/completions', body: '{"ping":1}' });
  });

  it('should reuse one connection for consecutive calls, even past the idle limit while a call waits', async () => {
    const url = await serve((_, response) => setTimeout(() => response.end('{}'), 60));
    const post = createKeepAliveJsonPost({ idleSocketTimeoutMs: 20 });
    await post(request(url));
    await post(request(url));
    expect(connections).toBe(1);
  });

  it('should reject with APIConnectionTimeoutError after timeoutMs', async () => {
    const url = await serve(() => undefined);
    const started = performance.now();
    const error = await createKeepAliveJsonPost()(request(url, { timeoutMs: 100 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('should cover the whole answer with the timeout, not only the headers', async () => {
    const url = await serve((_, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
    });
    const error = await createKeepAliveJsonPost()(request(url, { timeoutMs: 100 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it('should reject with APIUserAbortError when the signal aborts, before or during the call', async () => {
    const url = await serve(() => undefined);
    const post = createKeepAliveJsonPost();
    await expect(post(request(url, { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(APIUserAbortError);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(post(request(url, { signal: controller.signal }))).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('should reject with APIConnectionError when the server is unreachable or closes mid-answer', async () => {
    const url = await serve((_, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const post = createKeepAliveJsonPost();
    await expect(post(request(url))).rejects.toBeInstanceOf(APIConnectionError);
    const closedPort = new URL('http://127.0.0.1:9/v1/chat/completions');
    await expect(post(request(closedPort))).rejects.toBeInstanceOf(APIConnectionError);
  });
});
