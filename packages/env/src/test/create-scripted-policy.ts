import { type DialoguePolicyV1, LLMCallError, type PolicyOutput, type PolicyRequest } from '@rlver/spec';
import { sleepWithSignal } from './sleep-with-signal';

export interface ScriptedPolicyOptions {
  /** Output for turn k (k = assistant messages already in the request; the last entry repeats), or a function. */
  outputs: string[] | ((request: PolicyRequest, turnIndex: number) => string);
  /** Declare a local batched model (the rollout engine then gathers requests). */
  maxBatchSize?: number;
  /** Wait per `doAct` call (real timers). */
  delayMs?: number;
  /** Requests for which `doAct` rejects (the whole call rejects, as a real batched model would). */
  failWhen?: (request: PolicyRequest) => boolean;
  policyId?: string;
}

export interface ScriptedPolicy extends DialoguePolicyV1 {
  /** Every request received, in order. */
  readonly requests: PolicyRequest[];
  /** Number of requests in each `doAct` call. */
  readonly batchSizes: number[];
  /** Most `doAct` calls in flight at once. */
  readonly maxInFlight: number;
}

/** A deterministic `DialoguePolicyV1` that plays a script and records what it saw. */
export function createScriptedPolicy(options: ScriptedPolicyOptions): ScriptedPolicy {
  const requests: PolicyRequest[] = [];
  const batchSizes: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const outputFor = (request: PolicyRequest): string => {
    const turnIndex = request.messages.filter((message) => message.role === 'assistant').length;
    if (typeof options.outputs === 'function') return options.outputs(request, turnIndex);
    return options.outputs[Math.min(turnIndex, options.outputs.length - 1)] ?? '';
  };
  return {
    specificationVersion: 'v1',
    policyId: options.policyId ?? 'scripted',
    ...(options.maxBatchSize === undefined ? {} : { maxBatchSize: options.maxBatchSize }),
    get requests() {
      return requests;
    },
    get batchSizes() {
      return batchSizes;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    async doAct({ requests: batch, signal }) {
      batchSizes.push(batch.length);
      requests.push(...structuredClone(batch));
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await sleepWithSignal(options.delayMs ?? 0, signal);
        if (options.failWhen && batch.some(options.failWhen)) {
          throw new LLMCallError({ message: 'scripted policy failure', isRetryable: false });
        }
        return batch.map(
          (request): PolicyOutput => ({
            text: outputFor(request),
            finishReason: 'stop',
            promptTokenCount: request.messages.length * 10,
            outputTokenCount: 5,
            latencyMs: options.delayMs ?? 0,
          }),
        );
      } finally {
        inFlight -= 1;
      }
    },
  };
}
