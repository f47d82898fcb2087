import type { DialoguePolicyV1, PolicyOutput, PolicyRequest, SamplingOptions } from '@rlver/spec';
import { callWithTimeout } from '../call-with-timeout';
import { EpisodeAbortedError } from '../errors/episode-aborted-error';
import { PolicyOutputError } from '../errors/policy-output-error';
import type { ActPolicy } from '../run-episode';

interface PendingRequest {
  request: PolicyRequest;
  signal: AbortSignal;
  resolve: (output: PolicyOutput) => void;
  reject: (error: unknown) => void;
}

export interface PolicyBatcherOptions {
  policy: DialoguePolicyV1;
  /** Chunk size of one `doAct` call. */
  maxBatchSize: number;
  sampling?: SamplingOptions;
  /** Limit of each `doAct` call in milliseconds. */
  timeoutMs?: number;
  /** Stops the batch calls. */
  signal?: AbortSignal;
  /** Requests each live episode sends per turn (branching rollouts); default 1. */
  requestsPerEpisode?: number;
}

/** Gathers the policy requests of all live episodes into batched `doAct` calls. */
export interface PolicyBatcher {
  /** Answer one episode's request (queued until the batch is gathered). */
  act: ActPolicy;
  /** An episode began (it will send requests until `episodeEnded`). */
  episodeStarted(): void;
  episodeEnded(): void;
}

/**
 * Turn-synchronous batching for local models: a batch is sent when every live episode is waiting for the
 * policy with all its `requestsPerEpisode` requests (or `maxBatchSize` requests are queued), in chunks of
 * `maxBatchSize`, one `doAct` at a time.
 * If a batched call rejects (other than by timeout or abort), its requests are retried one by one, so
 * one bad dialogue fails alone.
 */
export function createPolicyBatcher(options: PolicyBatcherOptions): PolicyBatcher {
  const queue: PendingRequest[] = [];
  let live = 0;
  let busy = false;
  const requestsPerEpisode = options.requestsPerEpisode ?? 1;

  const doAct = async (requests: PolicyRequest[]): Promise<PolicyOutput[]> => {
    const outputs = await callWithTimeout(
      (signal) => options.policy.doAct({ requests, sampling: options.sampling, signal }),
      { what: 'policy', timeoutMs: options.timeoutMs, maxRetries: 0, signal: options.signal },
    );
    if (outputs.length !== requests.length) {
      throw new PolicyOutputError({
        message: `policy ${options.policy.policyId} returned ${outputs.length} outputs for ${requests.length} requests; doAct must return one output per request, in order`,
      });
    }
    return outputs;
  };

  const settle = (pending: PendingRequest, outputs: PolicyOutput[] | undefined, index: number, error?: unknown) => {
    const output = outputs?.[index];
    if (output) pending.resolve(output);
    else pending.reject(error ?? new PolicyOutputError({ message: 'missing policy output' }));
  };

  const runChunk = async (chunk: PendingRequest[]) => {
    try {
      const outputs = await doAct(chunk.map((pending) => pending.request));
      for (const [index, pending] of chunk.entries()) settle(pending, outputs, index);
    } catch (error) {
      const retryAlone = chunk.length > 1 && !EpisodeAbortedError.isAbort(error) && !options.signal?.aborted;
      const isTimeout = (error as { name?: string }).name === 'RLVER_CallTimeoutError';
      if (!retryAlone || isTimeout) {
        for (const pending of chunk) pending.reject(error);
        return;
      }
      for (const pending of chunk) {
        if (pending.signal.aborted) continue;
        await doAct([pending.request]).then(
          (outputs) => settle(pending, outputs, 0),
          (singleError: unknown) => pending.reject(singleError),
        );
      }
    }
  };

  const maybeFlush = () => {
    if (busy || queue.length === 0) return;
    if (queue.length < live * requestsPerEpisode && queue.length < options.maxBatchSize) return;
    busy = true;
    const batch = queue.splice(0, queue.length);
    void (async () => {
      for (let start = 0; start < batch.length; start += options.maxBatchSize) {
        const chunk = batch.slice(start, start + options.maxBatchSize).filter((pending) => !pending.signal.aborted);
        if (chunk.length > 0) await runChunk(chunk);
      }
      busy = false;
      maybeFlush();
    })();
  };

  return {
    act(request, signal) {
      return new Promise<PolicyOutput>((resolve, reject) => {
        const pending: PendingRequest = { request, signal, resolve, reject };
        signal.addEventListener(
          'abort',
          () => {
            const position = queue.indexOf(pending);
            if (position >= 0) queue.splice(position, 1);
            reject(signal.reason);
            maybeFlush();
          },
          { once: true },
        );
        queue.push(pending);
        maybeFlush();
      });
    },
    episodeStarted() {
      live += 1;
    },
    episodeEnded() {
      live -= 1;
      maybeFlush();
    },
  };
}
