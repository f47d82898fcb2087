import type { TransformerModel } from '@rlver/model';
import {
  createPolicyTokenizer,
  type GenerationResult,
  generate,
  LogitsRules,
  type LogitsRulesConfig,
  logitsRulesActive,
  type Phrasebook,
  type PolicyTokenizer,
  tokenBytesFromTokenizerJson,
} from '@rlver/model';
import {
  type ChatMessage,
  type DialoguePolicyActOptions,
  type DialoguePolicyV1,
  hashSeed,
  InvalidConfigError,
  InvalidInputError,
  type Language,
  type PolicyOutput,
  type PolicyRequest,
  type SamplingOptions,
} from '@rlver/spec';
import { auditReply } from '@rlver/text-quality';
import { candidateReplies } from './candidate-replies';

export interface TfjsDialoguePolicyOptions {
  model: TransformerModel;
  tokenizer: PolicyTokenizer;
  /** Overrides the tokenizer's chat template. */
  chatTemplate?: string;
  /**
   * Prompt + new tokens must fit; the oldest turns (never the system prompt) are dropped (default: the
   * model's maxPositionEmbeddings, at most 4096).
   */
  maxContextTokens?: number;
  /** Defaults for every call (temperature 1, topP 1, topK 0, maxNewTokens 256); a call's `sampling` wins. */
  sampling?: SamplingOptions;
  /** Largest batch generated at once; bigger calls run in chunks (default 64). */
  maxBatchSize?: number;
  /** Default `tfjs`. */
  policyId?: string;
  /** End-of-turn ids (default: tokenizer and model EOS ids). */
  stopTokenIds?: readonly number[];
  /** Base seed when a call gives none: call k samples with hashSeed(seed, k) (default 0). */
  seed?: number;
  /** Extra chat-template variables (e.g. `{ enable_thinking: false }`). */
  templateVariables?: Record<string, unknown>;
  /**
   * Decoding rules that become part of the policy (`@rlver/model` LogitsRules): set on the model, so sampling and
   * scoring (and reference copies) use the renormalised distribution over allowed tokens. Default: none.
   */
  decodingRules?: LogitsRulesConfig;
  /** The lexicon rule's base words (a checkpoint's lexicon.txt); needed when `decodingRules.lexicon` is on. */
  lexiconWords?: readonly string[];
  /** The phrasebook rule's templates (a checkpoint's phrasebook.json); needed when `decodingRules.phrasebook` is on. */
  phrasebook?: Phrasebook;
}

/** A `DialoguePolicyV1` over a local tfjs model; exposes what the RL code needs. */
export interface TfjsDialoguePolicy extends DialoguePolicyV1 {
  readonly model: TransformerModel;
  readonly tokenizer: PolicyTokenizer;
  readonly maxContextTokens: number;
  /** Prompt ids of a chat (template + generation prompt), oldest turns dropped to fit. */
  encodeChat(messages: readonly ChatMessage[], maxNewTokens?: number): number[];
}

const DEFAULT_SAMPLING: Required<Omit<SamplingOptions, 'stop' | 'seed'>> = {
  temperature: 1,
  topP: 1,
  topK: 0,
  maxNewTokens: 256,
};

/**
 * Drop the oldest non-system turns (a user turn and its answer at a time) until the prompt fits; `dropped` gets the
 * assistant replies left out.
 */
function truncatedPrompt(
  encode: (messages: readonly ChatMessage[]) => number[],
  messages: readonly ChatMessage[],
  budget: number,
  dropped: string[] = [],
): number[] {
  const system = messages[0]?.role === 'system' ? [messages[0]] : [];
  let rest = messages.slice(system.length);
  let ids = encode([...system, ...rest]);
  const drop = () => {
    if (rest[0]?.role === 'assistant') dropped.push(rest[0].content);
    rest = rest.slice(1);
  };
  while (ids.length > budget && rest.length > 1) {
    drop();
    while (rest.length > 1 && rest[0]?.role === 'assistant') drop();
    ids = encode([...system, ...rest]);
  }
  if (ids.length > budget) {
    throw new InvalidInputError({
      field: 'maxContextTokens',
      message: `the system prompt and last message alone take ${ids.length} tokens, more than the ${budget} left for the prompt; raise maxContextTokens or lower maxNewTokens.`,
    });
  }
  return ids;
}

function cutAtStopString(text: string, stop: readonly string[]): string {
  const cuts = stop.map((needle) => text.indexOf(needle)).filter((index) => index >= 0);
  return cuts.length > 0 ? text.slice(0, Math.min(...cuts)) : text;
}

/**
 * Base seed of a call given `sampling.seed`: derived from the seed and what the call asks, so the turns of a
 * dialogue draw different noise and a resumed run samples exactly as an uninterrupted one.
 */
export function requestSeed(seed: number, requests: readonly PolicyRequest[]): number {
  return hashSeed(
    seed,
    ...requests.map((request) => request.messages.map((message) => message.content).join('\u0001')),
  );
}

/** The phrasebook's candidate filter: a reply the project's audit (`@rlver/text-quality`) does not call degenerate. */
export function notDegenerate(reply: string, language: Language): boolean {
  return !auditReply(reply, language).degenerate;
}

/**
 * The decoding rules of a policy with this tokenizer: token bytes from tokenizer.json, replies found by the chat
 * template's generation prompt (the ids a prompt with it has beyond the same prompt without it; for a template that
 * always appends it, the ids after the last end of turn) and ended by `replyEnd`.
 */
export function createPolicyLogitsRules(
  tokenizer: PolicyTokenizer,
  vocabSize: number,
  config: LogitsRulesConfig,
  replyEnd: readonly number[],
  templateVariables?: Record<string, unknown>,
  lexiconWords?: readonly string[],
  phrasebook?: Phrasebook,
  replyTokenBudget?: number,
): LogitsRules {
  const messages = [{ role: 'user' as const, content: 'hello' }];
  const render = (addGenerationPrompt: boolean) =>
    tokenizer.encode(tokenizer.applyChatTemplate(messages, { addGenerationPrompt, variables: templateVariables }));
  const withPrompt = render(true);
  const without = render(false);
  let shared = 0;
  while (shared < without.length && withPrompt[shared] === without[shared]) shared += 1;
  let replyHeader = withPrompt.slice(shared);
  if (replyHeader.length === 0) {
    // A template that always appends the generation prompt: the header is what follows the last end of turn.
    const lastEnd = Math.max(...replyEnd.map((id) => withPrompt.lastIndexOf(id)));
    if (lastEnd >= 0) replyHeader = withPrompt.slice(lastEnd + 1);
  }
  if (replyHeader.length === 0) {
    throw new InvalidConfigError({
      field: 'decodingRules',
      message:
        'the chat template adds no tokens for the generation prompt, so the decoding rules cannot find where a reply starts; turn decodingRules off for this model.',
    });
  }
  const tokenBytes = tokenBytesFromTokenizerJson(tokenizer.tokenizerJson, Math.min(vocabSize, tokenizer.vocabSize));
  return new LogitsRules({
    config,
    tokenBytes,
    replyHeader,
    replyEnd,
    userHeader:
      config.quoteMinUnits > 0 || config.phrasebook
        ? userTurnHeader(tokenizer, tokenBytes, templateVariables)
        : undefined,
    lexiconWords,
    phrasebook,
    // The phrasebook offers only what the project's audit passes: a slot filling can make broken text.
    acceptPhrasebookReply: notDegenerate,
    thinkTokens: thinkTokenIds(tokenizer.tokenizerJson),
    replyTokenBudget,
  });
}

/** The ids of `<think>` and `</think>` when the tokenizer has each as one added token, else undefined. */
function thinkTokenIds(tokenizerJson: Record<string, unknown>): { open: number; close: number } | undefined {
  const added = (tokenizerJson.added_tokens as { id: number; content: string }[] | undefined) ?? [];
  const open = added.find((token) => token.content === '<think>')?.id;
  const close = added.find((token) => token.content === '</think>')?.id;
  return open === undefined || close === undefined ? undefined : { open, close };
}

/**
 * The ids that open a user message in this chat template: two one-message dialogues that differ only in the
 * user's words share their ids up to those words; the header is that shared part from its last special token
 * (e.g. `<|im_start|>user\n`), or all of it when the template has no special token there.
 */
function userTurnHeader(
  tokenizer: PolicyTokenizer,
  tokenBytes: readonly (Uint8Array | undefined)[],
  templateVariables: Record<string, unknown> | undefined,
): number[] {
  const render = (content: string) =>
    tokenizer.encode(
      tokenizer.applyChatTemplate([{ role: 'user', content }], {
        addGenerationPrompt: false,
        variables: templateVariables,
      }),
    );
  const first = render('hello');
  const second = render('你好');
  let shared = 0;
  while (shared < first.length && first[shared] === second[shared]) shared += 1;
  const prefix = first.slice(0, shared);
  let from = prefix.length - 1;
  while (from >= 0 && tokenBytes[prefix[from] as number] !== undefined) from -= 1;
  const header = prefix.slice(Math.max(0, from));
  if (header.length === 0) {
    throw new InvalidConfigError({
      field: 'decodingRules.quoteMinUnits',
      message:
        'the chat template puts no tokens before a user message, so the quote rule cannot find the user’s words; set decodingRules.quoteMinUnits to 0 for this model.',
    });
  }
  return header;
}

/** `DialoguePolicyV1` over a tfjs transformer: one batched, KV-cached generation per `doAct` chunk. */
export function createTfjsDialoguePolicy(options: TfjsDialoguePolicyOptions): TfjsDialoguePolicy {
  const { model } = options;
  const tokenizer = options.chatTemplate
    ? createPolicyTokenizer({
        tokenizerJson: options.tokenizer.tokenizerJson,
        tokenizerConfig: options.tokenizer.tokenizerConfig,
        chatTemplate: options.chatTemplate,
      })
    : options.tokenizer;
  const maxContextTokens = options.maxContextTokens ?? Math.min(model.config.maxPositionEmbeddings, 4096);
  const maxBatchSize = options.maxBatchSize ?? 64;
  if (maxBatchSize < 1) throw new InvalidConfigError({ field: 'maxBatchSize', message: 'set maxBatchSize ≥ 1.' });
  const stopTokenIds = options.stopTokenIds ?? [...new Set([...tokenizer.eosTokenIds, ...model.config.eosTokenIds])];
  if (options.decodingRules && logitsRulesActive(options.decodingRules)) {
    model.logitsRules = createPolicyLogitsRules(
      tokenizer,
      model.vocabSize,
      options.decodingRules,
      stopTokenIds,
      options.templateVariables,
      options.lexiconWords,
      options.phrasebook,
      // The phrasebook rule keeps every reply within the policy's default budget (a call's own maxNewTokens may cut).
      { ...DEFAULT_SAMPLING, ...options.sampling }.maxNewTokens,
    );
  }
  let callIndex = 0;
  const encodeMessages = (messages: readonly ChatMessage[]) =>
    tokenizer.encode(
      tokenizer.applyChatTemplate(messages, { addGenerationPrompt: true, variables: options.templateVariables }),
    );
  const encodeChat = (messages: readonly ChatMessage[], maxNewTokens = DEFAULT_SAMPLING.maxNewTokens) => {
    if (maxNewTokens >= maxContextTokens) {
      throw new InvalidConfigError({
        field: 'maxNewTokens',
        message: `maxNewTokens ${maxNewTokens} leaves no room for the prompt within maxContextTokens ${maxContextTokens}.`,
      });
    }
    const dropped: string[] = [];
    const ids = truncatedPrompt(encodeMessages, messages, maxContextTokens - maxNewTokens, dropped);
    // The phrasebook rule's "not said before" covers the whole dialogue, not only the window the prompt keeps.
    if (dropped.length > 0) model.logitsRules?.noteRepliesBeforeWindow(ids, dropped);
    return ids;
  };

  async function actChunk(
    requests: DialoguePolicyActOptions['requests'],
    sampling: Required<Omit<SamplingOptions, 'stop' | 'seed'>> & SamplingOptions,
    seed: number,
    signal?: AbortSignal,
  ): Promise<PolicyOutput[]> {
    const started = performance.now();
    const promptIds = requests.map((request) => encodeChat(request.messages, sampling.maxNewTokens));
    const stop = sampling.stop ?? [];
    // Unmerged LoRA adapters would be folded into the weights at every decode step: merge them for the
    // call (unmerge restores the base weights exactly).
    const mergeForCall = model.loraState !== undefined && model.loraState.mergedBase === undefined;
    if (mergeForCall) model.mergeLora();
    let results: GenerationResult[];
    try {
      results = await generate(model, {
        promptIds,
        maxNewTokens: sampling.maxNewTokens,
        temperature: sampling.temperature,
        topP: sampling.topP,
        topK: sampling.topK,
        stopTokenIds,
        stopStrings: stop,
        decode: (ids) => tokenizer.decode(ids),
        seed,
        // Requests with their own seed sample from their own stream: independent of the batch they land in.
        rowSeeds: requests.every((request) => request.seed !== undefined)
          ? requests.map((request) => hashSeed(sampling.seed ?? options.seed ?? 0, request.seed as number))
          : undefined,
        signal,
      });
    } finally {
      if (mergeForCall) model.unmergeLora();
    }
    const latencyMs = performance.now() - started;
    return results.map((result, index) => ({
      text: cutAtStopString(tokenizer.decode(result.outputIds), stop),
      finishReason: result.finishReason,
      tokens: { promptIds: promptIds[index] as number[], outputIds: result.outputIds, logProbs: result.logProbs },
      promptTokenCount: (promptIds[index] as number[]).length,
      outputTokenCount: result.outputIds.length,
      latencyMs,
    }));
  }

  // Enumerated branching: a policy under the phrasebook rule can list the replies it may give.
  const doCandidates: DialoguePolicyV1['doCandidates'] = model.logitsRules?.phrasebook
    ? (candidates) => {
        const merged = { ...DEFAULT_SAMPLING, ...options.sampling, ...candidates.sampling };
        return candidateReplies(
          {
            model,
            tokenizer,
            encodeChat,
            stopTokenIds,
            temperature: merged.temperature,
            maxNewTokens: merged.maxNewTokens,
          },
          candidates,
        );
      }
    : undefined;

  return {
    specificationVersion: 'v1',
    policyId: options.policyId ?? 'tfjs',
    ...(doCandidates ? { doCandidates } : {}),
    maxBatchSize,
    model,
    tokenizer,
    maxContextTokens,
    encodeChat,
    async doAct({ requests, sampling, signal }) {
      const merged = { ...DEFAULT_SAMPLING, ...options.sampling, ...sampling };
      const baseSeed =
        merged.seed === undefined
          ? hashSeed(options.seed ?? 0, callIndex)
          : hashSeed(
              merged.seed,
              ...requests.map((request) => request.messages.map((message) => message.content).join('\u0001')),
            );
      callIndex += 1;
      const outputs: PolicyOutput[] = [];
      for (let start = 0; start < requests.length; start += maxBatchSize) {
        const chunk = requests.slice(start, start + maxBatchSize);
        const seed = start === 0 ? baseSeed : hashSeed(baseSeed, start);
        outputs.push(...(await actChunk(chunk, merged, seed, signal)));
      }
      return outputs;
    },
  };
}
