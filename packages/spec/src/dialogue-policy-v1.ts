import type { ChatMessage } from './chat-message';

/** Sampling settings of one policy call. Unsupported fields are reported in `warnings`. */
export interface SamplingOptions {
  /** 0 = greedy. */
  temperature?: number;
  topP?: number;
  /** 0 or undefined = no top-k filter. */
  topK?: number;
  maxNewTokens?: number;
  /** Stop strings (not included in the output). */
  stop?: string[];
  seed?: number;
}

/** Token-level record of a generation by a local, trainable policy. */
export interface GeneratedTokens {
  /** Token ids of the templated prompt the output was sampled from. */
  promptIds: number[];
  /** Sampled token ids, stop token included when one was sampled. */
  outputIds: number[];
  /** Log-probability of each sampled token under the sampling policy (temperature applied). */
  logProbs: number[];
}

export interface PolicyRequest {
  /** `[system, user, assistant, user, …]`, visible text only (never the profile or emotion). */
  messages: ChatMessage[];
  /**
   * Sampling seed of this request. Policies that honour it give a reply that depends only on the request, the
   * seed and `sampling.seed` — not on the other requests of a batch — so runs are reproducible however the
   * rollout engine happens to batch them. The episode loop sets it per episode, turn and branch.
   */
  seed?: number;
}

export interface PolicyOutput {
  /** Raw output, `<think>…</think>` included when the policy thinks. */
  text: string;
  finishReason: 'stop' | 'length';
  tokens?: GeneratedTokens;
  promptTokenCount: number;
  outputTokenCount: number;
  latencyMs: number;
}

export interface DialoguePolicyActOptions {
  requests: PolicyRequest[];
  sampling?: SamplingOptions;
  signal?: AbortSignal;
}

/** What `doCandidates` lists: the replies a policy may give to one request. */
export interface DialoguePolicyCandidatesOptions {
  /** The dialogue so far; `request.seed` seeds the choice when there are more candidates than `limit`. */
  request: PolicyRequest;
  /** At most this many candidates (a seeded choice among them when there are more). */
  limit: number;
  /** Reply texts to leave out (trimmed), e.g. the replies already sampled for this turn. */
  exclude?: readonly string[];
  /** The sampling settings of the run: log-probs are scored at its temperature. */
  sampling?: SamplingOptions;
  signal?: AbortSignal;
}

/**
 * Swap point: the chat model being trained or evaluated. `doAct` takes a batch so that a local model
 * generates the replies of all live dialogues in one batched call; remote policies run them concurrently.
 * Outputs are in request order. A failed request rejects the whole call; the rollout engine then retries
 * the requests one by one so that one bad dialogue never sinks the batch.
 */
export interface DialoguePolicyV1 {
  readonly specificationVersion: 'v1';
  /** E.g. `embedded`, `openai:gpt-4o`, `checkpoint:/path`. */
  readonly policyId: string;
  /** Largest batch `doAct` accepts at once (local models); undefined = any. */
  readonly maxBatchSize?: number;
  doAct(options: DialoguePolicyActOptions): Promise<PolicyOutput[]>;
  /**
   * Optional capability of a policy that can list the replies it may give (a reply restricted to a set, e.g. the
   * phrasebook rule): up to `limit` of them, each as the output a sample of it would be (token ids, and log-probs
   * scored at `sampling.temperature` through the sampling mask, so PPO/GRPO ratios start at 1). Enumerated branching
   * (`branchCandidates`) trains them as a turn's group.
   */
  doCandidates?(options: DialoguePolicyCandidatesOptions): Promise<PolicyOutput[]>;
}
