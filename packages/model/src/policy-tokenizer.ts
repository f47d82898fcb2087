import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Template } from '@huggingface/jinja';
import { Tokenizer } from '@huggingface/tokenizers';
import { type ChatMessage, InvalidConfigError, InvalidInputError, safeParseJSON } from '@rlver/spec';

export interface ApplyChatTemplateOptions {
  /** Append the assistant header so the model writes the next turn (default true). */
  addGenerationPrompt?: boolean;
  /** Extra variables for the template (e.g. `enable_thinking`). */
  variables?: Record<string, unknown>;
}

/** Tokenizer + chat template of a Hugging Face checkpoint (`tokenizer.json`, `tokenizer_config.json`). */
export interface PolicyTokenizer {
  /** Largest token id + 1, added tokens included. */
  readonly vocabSize: number;
  /** Ids that end an assistant turn: `eos_token` of tokenizer_config.json plus `extraEosTokens`. */
  readonly eosTokenIds: readonly number[];
  readonly padTokenId: number | undefined;
  readonly chatTemplate: string | undefined;
  /** The raw files, for `saveCheckpoint`. */
  readonly tokenizerJson: Record<string, unknown>;
  readonly tokenizerConfig: Record<string, unknown>;
  /** Token ids of a text, special tokens written in the text included (no BOS/EOS added). */
  encode(text: string): number[];
  /**
   * Text of token ids: special tokens are skipped unless `skipSpecialTokens: false`, except the think tags
   * (`KEPT_SPECIAL_TOKENS`), kept whether or not the tokenizer marks them special.
   */
  decode(ids: readonly number[], options?: { skipSpecialTokens?: boolean }): string;
  tokenToId(token: string): number | undefined;
  /** Render messages through the chat template (throws when the tokenizer has none). */
  applyChatTemplate(messages: readonly ChatMessage[], options?: ApplyChatTemplateOptions): string;
}

export interface CreatePolicyTokenizerOptions {
  tokenizerJson: Record<string, unknown>;
  tokenizerConfig?: Record<string, unknown>;
  /** Overrides `chat_template` of tokenizer_config.json. */
  chatTemplate?: string;
  /** More end-of-turn tokens, e.g. `<|im_end|>` when `eos_token` is `<|endoftext|>`. */
  extraEosTokens?: readonly string[];
}

function tokenContent(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'content' in value && typeof value.content === 'string') {
    return value.content;
  }
  return undefined;
}

/** Special tokens that decoding keeps: the think tags the policy's output is split on. */
export const KEPT_SPECIAL_TOKENS: readonly string[] = ['<think>', '</think>'];

/** Wrap parsed tokenizer files (see `loadPolicyTokenizer` for a folder). */
export function createPolicyTokenizer(options: CreatePolicyTokenizerOptions): PolicyTokenizer {
  const tokenizerConfig = options.tokenizerConfig ?? {};
  const tokenizer = new Tokenizer(options.tokenizerJson, tokenizerConfig);
  const rawTemplate = options.chatTemplate ?? tokenizerConfig.chat_template;
  const chatTemplate = typeof rawTemplate === 'string' ? rawTemplate : undefined;
  const compiled = chatTemplate === undefined ? undefined : new Template(chatTemplate);
  const eosToken = tokenContent(tokenizerConfig.eos_token);
  const bosToken = tokenContent(tokenizerConfig.bos_token);
  const padToken = tokenContent(tokenizerConfig.pad_token);
  const eosTokenIds = [eosToken, ...(options.extraEosTokens ?? [])]
    .map((token) => (token === undefined ? undefined : tokenizer.token_to_id(token)))
    .filter((id): id is number => id !== undefined);
  const vocabulary = tokenizer.get_vocab(true);
  // Think tags survive decoding whether or not the tokenizer marks them special (Qwen3 does, Qwen2.5 does not).
  const keptTags = new Map(
    KEPT_SPECIAL_TOKENS.flatMap((tag) => {
      const id = tokenizer.token_to_id(tag);
      return id === undefined ? [] : [[id, tag] as const];
    }),
  );
  const decodeKeepingTags = (ids: readonly number[]): string => {
    if (!ids.some((id) => keptTags.has(id))) return tokenizer.decode([...ids], { skip_special_tokens: true });
    let text = '';
    let segment: number[] = [];
    const flush = () => {
      if (segment.length > 0) text += tokenizer.decode(segment, { skip_special_tokens: true });
      segment = [];
    };
    for (const id of ids) {
      const tag = keptTags.get(id);
      if (tag === undefined) {
        segment.push(id);
        continue;
      }
      flush();
      text += tag;
    }
    flush();
    return text;
  };
  const vocabSize = Math.max(-1, ...vocabulary.values()) + 1;
  return {
    vocabSize,
    eosTokenIds: [...new Set(eosTokenIds)],
    padTokenId: padToken === undefined ? undefined : tokenizer.token_to_id(padToken),
    chatTemplate,
    tokenizerJson: options.tokenizerJson,
    tokenizerConfig: chatTemplate === undefined ? tokenizerConfig : { ...tokenizerConfig, chat_template: chatTemplate },
    encode: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids,
    decode: (ids, decodeOptions) => {
      const skip = decodeOptions?.skipSpecialTokens ?? true;
      return skip ? decodeKeepingTags(ids) : tokenizer.decode([...ids], { skip_special_tokens: false });
    },
    tokenToId: (token) => tokenizer.token_to_id(token),
    applyChatTemplate(messages, templateOptions = {}) {
      if (!compiled) {
        throw new InvalidConfigError({
          field: 'chat_template',
          message:
            'This tokenizer has no chat template: add "chat_template" to tokenizer_config.json or pass chatTemplate.',
        });
      }
      return compiled.render({
        messages: messages.map((message) => ({ role: message.role, content: message.content })),
        add_generation_prompt: templateOptions.addGenerationPrompt ?? true,
        bos_token: bosToken ?? '',
        eos_token: eosToken ?? '',
        pad_token: padToken ?? '',
        ...templateOptions.variables,
      });
    },
  };
}

async function readJsonObject(path: string, required: boolean): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!required) return undefined;
    throw new InvalidInputError({
      file: path,
      message: 'cannot be read; is this a Hugging Face model folder?',
      cause: error,
    });
  }
  const parsed = safeParseJSON(text);
  if (!parsed.success || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    throw new InvalidInputError({ file: path, message: 'is not a JSON object.' });
  }
  return parsed.value as Record<string, unknown>;
}

/** Read a JSON object file; undefined when absent and not required. Errors name the file. */
export { readJsonObject };

/** Load `tokenizer.json` and (optional) `tokenizer_config.json` of a local model folder. */
export async function loadPolicyTokenizer(
  directory: string,
  options: Omit<CreatePolicyTokenizerOptions, 'tokenizerJson' | 'tokenizerConfig'> = {},
): Promise<PolicyTokenizer> {
  const tokenizerJson = (await readJsonObject(join(directory, 'tokenizer.json'), true)) as Record<string, unknown>;
  const tokenizerConfig = (await readJsonObject(join(directory, 'tokenizer_config.json'), false)) ?? {};
  return createPolicyTokenizer({ ...options, tokenizerJson, tokenizerConfig });
}
