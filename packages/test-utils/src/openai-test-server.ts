import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FaultKind } from './faults';

/** A chat-completions request as received by the test server. */
export interface RecordedRequest {
  /** 0-based arrival index. */
  index: number;
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    temperature?: number;
    seed?: number;
    max_tokens?: number;
    response_format?: unknown;
    [key: string]: unknown;
  };
}

/** What the server does with one request. */
export interface ScriptedResponse {
  /** Assistant message content (default ''). */
  content?: string;
  /** HTTP status; non-2xx sends an OpenAI-style error body. */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the client must time out). */
  hang?: boolean;
  /** Send this raw body instead of a well-formed completion (malformed output tests). */
  rawBody?: string;
  finishReason?: 'stop' | 'length';
  /** Inject this fault instead of answering (see `FAULT_KINDS`); wins over every other field but `delayMs`. */
  fault?: FaultKind;
  /** `Retry-After` header (seconds, or an HTTP date); with no `status` or `fault` it answers HTTP 429. */
  retryAfter?: number | string;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export type ScriptHandler = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/** Options of {@link startOpenAITestServer}. */
export interface OpenAITestServerOptions {
  /**
   * Keep every request in `requests` (default true). Load tests that send thousands of long prompts turn it
   * off, so that the server's heap (and its garbage collection) stays small; `index` still counts arrivals.
   */
  recordRequests?: boolean;
  /** Port to listen on (default 0: any free port); a fixed port lets a restarted server keep its base URL. */
  port?: number;
}

export interface OpenAITestServer {
  /** Base URL for the `openai` client, e.g. `http://127.0.0.1:41234/v1`. */
  baseURL: string;
  /** Every request received, in arrival order (empty when `recordRequests` is false). */
  requests: RecordedRequest[];
  /** Requests currently being answered (for concurrency measurements). */
  inFlight(): number;
  /** Highest number of requests in flight at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

/**
 * Start a real HTTP server on 127.0.0.1 (port 0) speaking the OpenAI chat-completions protocol.
 * Every request goes through `handler`, which scripts replies, latency, errors, hangs and malformed bodies.
 */
export async function startOpenAITestServer(
  handler: ScriptHandler,
  options: OpenAITestServerOptions = {},
): Promise<OpenAITestServer> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let received = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (request.method === 'GET' && path.endsWith('/models')) {
          sendJson(response, 200, { object: 'list', data: [{ id: 'test-model', object: 'model', owned_by: 'test' }] });
          return;
        }
        if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
          sendJson(response, 404, { error: { message: `no route ${request.method} ${path}`, type: 'not_found' } });
          return;
        }
        let body: RecordedRequest['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
        } catch {
          sendJson(response, 400, { error: { message: 'invalid JSON body', type: 'invalid_request_error' } });
          return;
        }
        const recorded: RecordedRequest = { index: received, path, headers: request.headers, body };
        received += 1;
        if (options.recordRequests !== false) requests.push(recorded);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          const scripted = await handler(recorded);
          const hang = () => {
            hanging.add(response);
            response.on('close', () => hanging.delete(response));
          };
          if (scripted.hang || scripted.fault === 'stall') {
            hang();
            return;
          }
          if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
          if (response.destroyed) return;
          const headers = {
            ...scripted.headers,
            ...(scripted.retryAfter === undefined ? {} : { 'retry-after': String(scripted.retryAfter) }),
          };
          if (scripted.fault !== undefined) {
            sendFault(response, scripted.fault, body.model ?? 'test-model', headers, hang);
            return;
          }
          const status = scripted.status ?? (scripted.retryAfter === undefined ? 200 : 429);
          if (status >= 300) {
            sendJson(
              response,
              status,
              { error: { message: `scripted status ${status}`, type: 'server_error', code: null } },
              headers,
            );
          } else if (scripted.rawBody !== undefined) {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(scripted.rawBody);
          } else {
            sendJson(
              response,
              200,
              completionBody(body.model ?? 'test-model', scripted.content ?? '', scripted.finishReason),
            );
          }
        } finally {
          inFlight -= 1;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function completionBody(model: string, content: string, finishReason: 'stop' | 'length' = 'stop') {
  return {
    id: `chatcmpl-test-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: Math.max(1, Math.ceil(content.length / 4)), total_tokens: 10 },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function sendRaw(response: ServerResponse, contentType: string, text: string): void {
  response.writeHead(200, { 'content-type': contentType });
  response.end(text);
}

/** Answer with one fault (see `FAULT_KINDS`); `hang` keeps the response open until the server closes. */
function sendFault(
  response: ServerResponse,
  fault: FaultKind,
  model: string,
  headers: Record<string, string>,
  hang: () => void,
): void {
  const withContent = (content: unknown) => {
    const body = completionBody(model, '');
    return { ...body, choices: [{ ...body.choices[0], message: { role: 'assistant', content } }] };
  };
  switch (fault) {
    case 'rate-limit':
      sendJson(
        response,
        429,
        {
          error: { message: 'Rate limit reached, retry later', type: 'rate_limit_error', code: 'rate_limit_exceeded' },
        },
        { 'retry-after': '0', ...headers },
      );
      return;
    case 'rate-limit-bare':
      sendJson(response, 429, {
        error: { message: 'Rate limit reached, retry later', type: 'rate_limit_error', code: 'rate_limit_exceeded' },
      });
      return;
    case 'server-error':
      sendJson(
        response,
        500,
        { error: { message: 'internal server error', type: 'server_error', code: null } },
        headers,
      );
      return;
    case 'malformed-json':
      sendRaw(response, 'application/json', `${JSON.stringify(completionBody(model, 'cut off')).slice(0, 60)}`);
      return;
    case 'html-page':
      sendRaw(
        response,
        'text/html; charset=utf-8',
        '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
      );
      return;
    case 'sse-stream': {
      const chunk = { id: 'chatcmpl-sse', object: 'chat.completion.chunk', model, choices: [] };
      sendRaw(response, 'text/event-stream', `data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
      return;
    }
    case 'empty-choices':
      sendJson(response, 200, { ...completionBody(model, ''), choices: [] });
      return;
    case 'content-null':
      sendJson(response, 200, withContent(null));
      return;
    case 'content-number':
      sendJson(response, 200, withContent(12345));
      return;
    case 'stall-mid-body': {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(JSON.stringify(completionBody(model, 'never finished')).slice(0, 40));
      hang();
      return;
    }
    case 'reset-mid-body': {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' });
      response.write(JSON.stringify(completionBody(model, 'never finished')).slice(0, 40));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    case 'connection-reset':
      response.socket?.destroy();
      return;
    case 'stall':
      hang();
      return;
  }
}

/** A handler that answers with the given contents in order, then repeats the last one. */
export function scriptedContents(contents: readonly (string | ScriptedResponse)[]): ScriptHandler {
  let position = 0;
  return () => {
    const item = contents[Math.min(position, contents.length - 1)];
    position += 1;
    if (item === undefined) return { content: '' };
    return typeof item === 'string' ? { content: item } : item;
  };
}
