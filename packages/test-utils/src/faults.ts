import { createRng } from '@rlver/spec';
import type { ScriptedResponse, ScriptHandler } from './openai-test-server';

/**
 * The faults the loopback server can inject, one per failure seen in the wild:
 * - `rate-limit`: HTTP 429 with a `Retry-After` header (seconds or an HTTP date; see {@link FaultOptions.retryAfter});
 * - `rate-limit-bare`: HTTP 429 without any `Retry-After` header (the client must back off on its own);
 * - `server-error`: HTTP 500 with an OpenAI-style error body;
 * - `malformed-json`: HTTP 200 whose JSON body is cut off mid-object;
 * - `html-page`: HTTP 200 with an HTML page (a proxy or a wrong `--base-url`);
 * - `sse-stream`: HTTP 200 with a `text/event-stream` body although no stream was asked for;
 * - `empty-choices`: HTTP 200 with `choices: []`;
 * - `content-null`: HTTP 200 whose message has `content: null`;
 * - `content-number`: HTTP 200 whose message has `content: 12345`;
 * - `stall`: the request is accepted and never answered;
 * - `stall-mid-body`: status and half of the body are sent, then nothing more;
 * - `reset-mid-body`: status and half of the body are sent, then the socket is destroyed;
 * - `connection-reset`: the socket is destroyed without an answer.
 */
export const FAULT_KINDS = [
  'rate-limit',
  'rate-limit-bare',
  'server-error',
  'malformed-json',
  'html-page',
  'sse-stream',
  'empty-choices',
  'content-null',
  'content-number',
  'stall',
  'stall-mid-body',
  'reset-mid-body',
  'connection-reset',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Settings of an injected fault. */
export interface FaultOptions {
  /** `Retry-After` value of a `rate-limit` fault: seconds (number) or an HTTP date (string). Default 0. */
  retryAfter?: number | string;
}

/** The scripted response that injects one fault. */
export function faultResponse(kind: FaultKind, options: FaultOptions = {}): ScriptedResponse {
  return { fault: kind, ...(options.retryAfter === undefined ? {} : { retryAfter: options.retryAfter }) };
}

/** Options of {@link withRandomFaults}. */
export interface RandomFaultOptions extends FaultOptions {
  /** Share of requests answered with a fault, in [0, 1]. */
  rate: number;
  /** Seed of the choice of faulty requests and of their kinds (default 0). */
  seed?: number;
  /** Kinds to draw from, uniformly (default: every kind except the stalls, which cost a client timeout each). */
  kinds?: readonly FaultKind[];
}

/** A handler with random faults, and how many of each it injected. */
export interface FaultInjectingHandler extends ScriptHandler {
  /** Faults injected so far, by kind. */
  injected(): Readonly<Partial<Record<FaultKind, number>>>;
  /** Requests seen so far. */
  seen(): number;
}

/**
 * Wrap a handler so that a seeded random share of requests gets a fault instead of the handler's answer
 * (the handler is not called for them). For soak tests: clients must retry every one of these to lose nothing.
 */
export function withRandomFaults(handler: ScriptHandler, options: RandomFaultOptions): FaultInjectingHandler {
  const rng = createRng(options.seed ?? 0);
  const kinds = options.kinds ?? FAULT_KINDS.filter((kind) => kind !== 'stall' && kind !== 'stall-mid-body');
  const counts: Partial<Record<FaultKind, number>> = {};
  let seen = 0;
  const wrapped = ((request) => {
    seen += 1;
    if (rng.next() < options.rate) {
      const kind = rng.pick(kinds);
      counts[kind] = (counts[kind] ?? 0) + 1;
      return faultResponse(kind, options);
    }
    return handler(request);
  }) as FaultInjectingHandler;
  wrapped.injected = () => ({ ...counts });
  wrapped.seen = () => seen;
  return wrapped;
}
