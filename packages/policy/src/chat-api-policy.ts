import type { ChatClient } from '@rlver/llm';
import {
  type DialoguePolicyV1,
  hashSeed,
  InvalidConfigError,
  type PolicyOutput,
  type SamplingOptions,
} from '@rlver/spec';

export interface ChatApiPolicyOptions {
  /** Any OpenAI-compatible chat client (`createOpenAIChatClient`). */
  client: ChatClient;
  /** Defaults for every call; a call's `sampling` wins. `topK` is not sent (not in the OpenAI protocol). */
  sampling?: SamplingOptions;
  /** Requests in flight at once (default 8). */
  maxConcurrency?: number;
  /** Default `openai:<model>`. */
  policyId?: string;
}

/** Run `task` over `items` with at most `limit` in flight; results keep input order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * `DialoguePolicyV1` over an OpenAI-compatible endpoint (not trainable: no `tokens` in the outputs).
 * Requests of one call run concurrently; any failure rejects the call (the rollout engine retries
 * requests one by one).
 */
export function createChatApiPolicy(options: ChatApiPolicyOptions): DialoguePolicyV1 {
  const maxConcurrency = options.maxConcurrency ?? 8;
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) {
    throw new InvalidConfigError({
      field: 'maxConcurrency',
      message: `maxConcurrency is ${maxConcurrency}; set an integer ≥ 1.`,
    });
  }
  const { client } = options;
  return {
    specificationVersion: 'v1',
    policyId: options.policyId ?? `openai:${client.model}`,
    async doAct({ requests, sampling, signal }) {
      const merged: SamplingOptions = { ...options.sampling, ...sampling };
      return mapConcurrently(requests, maxConcurrency, async (request): Promise<PolicyOutput> => {
        const result = await client.complete({
          messages: request.messages,
          temperature: merged.temperature,
          topP: merged.topP,
          maxTokens: merged.maxNewTokens,
          seed: request.seed === undefined ? merged.seed : hashSeed(merged.seed ?? 0, request.seed),
          stop: merged.stop,
          signal,
        });
        return {
          text: result.text,
          finishReason: result.finishReason === 'length' ? 'length' : 'stop',
          promptTokenCount: result.promptTokens ?? 0,
          outputTokenCount: result.completionTokens ?? 0,
          latencyMs: result.latencyMs,
        };
      });
    },
  };
}
