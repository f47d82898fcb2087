import type { BpeModel } from './byte-level-bpe';

/** Added tokens of the embedded tokenizer, in id order after the BPE vocabulary. */
export const EMBEDDED_ADDED_TOKENS = [
  { content: '<|endoftext|>', special: true },
  { content: '<|im_start|>', special: true },
  { content: '<|im_end|>', special: true },
  // Not special: kept by `decode(…, { skip_special_tokens: true })`, so think-then-say text survives decoding.
  { content: '<think>', special: false },
  { content: '</think>', special: false },
] as const;

/** ChatML template (system/user/assistant, `add_generation_prompt`), as Qwen2 without a default system prompt. */
export const CHATML_TEMPLATE =
  "{%- for message in messages %}{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}";

/**
 * Pre-tokenizer: every Han character is its own piece (CJK per character), then GPT-2's byte-level regex
 * (English words with their leading space, digits, punctuation runs, whitespace).
 */
export const EMBEDDED_PRE_TOKENIZER = {
  type: 'Sequence',
  pretokenizers: [
    { type: 'Split', pattern: { Regex: '\\p{Han}' }, behavior: 'Isolated', invert: false },
    { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true },
  ],
} as const;

/** The HF `tokenizer.json` object of a trained byte-level BPE. */
export function buildTokenizerJson(model: BpeModel): Record<string, unknown> {
  const firstAddedId = Object.keys(model.vocab).length;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: EMBEDDED_ADDED_TOKENS.map((token, offset) => ({
      id: firstAddedId + offset,
      content: token.content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: token.special,
    })),
    normalizer: null,
    pre_tokenizer: EMBEDDED_PRE_TOKENIZER,
    post_processor: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true },
    decoder: { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: model.vocab,
      merges: model.merges,
    },
  };
}

/** The HF `tokenizer_config.json` object: ChatML chat template, eos `<|im_end|>`, pad `<|endoftext|>`. */
export function buildTokenizerConfig(firstAddedId: number, modelMaxLength: number): Record<string, unknown> {
  const addedTokensDecoder: Record<string, unknown> = {};
  EMBEDDED_ADDED_TOKENS.forEach((token, offset) => {
    addedTokensDecoder[String(firstAddedId + offset)] = {
      content: token.content,
      lstrip: false,
      normalized: false,
      rstrip: false,
      single_word: false,
      special: token.special,
    };
  });
  return {
    add_bos_token: false,
    add_prefix_space: false,
    added_tokens_decoder: addedTokensDecoder,
    additional_special_tokens: ['<|im_start|>', '<|im_end|>'],
    bos_token: null,
    chat_template: CHATML_TEMPLATE,
    clean_up_tokenization_spaces: false,
    eos_token: '<|im_end|>',
    errors: 'replace',
    model_max_length: modelMaxLength,
    pad_token: '<|endoftext|>',
    split_special_tokens: false,
    tokenizer_class: 'PreTrainedTokenizerFast',
    unk_token: null,
  };
}
