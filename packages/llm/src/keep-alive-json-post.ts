import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from 'openai';

/** One JSON POST: where, with which headers and body, within how long. */
export interface JsonPostRequest {
  url: URL;
  headers: Readonly<Record<string, string>>;
  /** The JSON text to send. */
  body: string;
  /** Limit of the whole exchange (connect, send, wait, read the answer) in milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The answer, read to its end. */
export interface JsonPostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export type JsonPost = (request: JsonPostRequest) => Promise<JsonPostAnswer>;

/** Options of {@link createKeepAliveJsonPost}. */
export interface KeepAliveJsonPostOptions {
  /**
   * Close a connection after it has been idle this long, in ms (default 4000, as undici does): shorter than
   * the usual 5 s server keep-alive, so that a request is rarely sent on a socket the server is closing.
   */
  idleSocketTimeoutMs?: number;
}

/**
 * POST JSON over `node:http`/`node:https` with keep-alive connection pools, reading the whole answer into
 * memory. Failures reject with the `openai` package's error classes, as its client would:
 * `APIConnectionTimeoutError` after `timeoutMs`, `APIUserAbortError` when `signal` aborts, and
 * `APIConnectionError` when the connection fails or closes early. Any HTTP status resolves.
 *
 * Why not the global `fetch`: in Node 20 it wraps every body in web streams and every call in several abort
 * signals, which costs more CPU than the exchange itself once hundreds of calls are in flight.
 */
export function createKeepAliveJsonPost(options: KeepAliveJsonPostOptions = {}): JsonPost {
  const agentOptions = { keepAlive: true, timeout: options.idleSocketTimeoutMs ?? 4000 };
  const httpAgent = new HttpAgent(agentOptions);
  const httpsAgent = new HttpsAgent(agentOptions);

  return ({ url, headers, body, timeoutMs, signal }) =>
    new Promise<JsonPostAnswer>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new APIUserAbortError());
        return;
      }
      const secure = url.protocol === 'https:';
      const request = (secure ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        headers,
        agent: secure ? httpsAgent : httpAgent,
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
        request.destroy();
      };
      const onAbort = () => fail(new APIUserAbortError());
      timer = setTimeout(
        () => fail(new APIConnectionTimeoutError({ message: `Request timed out after ${timeoutMs} ms.` })),
        timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      const connectionFailed = (error: Error) => fail(new APIConnectionError({ message: error.message, cause: error }));
      request.on('error', connectionFailed);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', connectionFailed);
        response.on('close', () => {
          if (!response.complete) connectionFailed(new Error(`${url.host} closed the connection mid-answer`));
        });
        response.on('end', () => {
          settle();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });
      request.end(body);
    });
}
