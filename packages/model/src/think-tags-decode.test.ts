import { describe, expect, it } from 'vitest';
import { createPolicyTokenizer } from './policy-tokenizer';
import { tinyTokenizerConfig, tinyTokenizerJson } from './test/tiny-checkpoint';

/** The tiny tokenizer with `<think>` / `</think>` added as tokens, marked special or not. */
function tokenizerWithThinkTags(special: boolean) {
  const json = tinyTokenizerJson();
  const added = json.added_tokens as Array<Record<string, unknown>>;
  const tag = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special,
  });
  json.added_tokens = [...added, tag(261, '<think>'), tag(262, '</think>')];
  return createPolicyTokenizer({ tokenizerJson: json, tokenizerConfig: tinyTokenizerConfig() });
}

describe('decoding think tags', () => {
  it.each([
    ['marked special (Qwen3)', true],
    ['not special (Qwen2.5)', false],
  ])('should keep <think> and </think> when the tokenizer has them %s', (_, special) => {
    const tokenizer = tokenizerWithThinkTags(special);
    const text = '<think>\nshe is tired\n</think>\nthat sounds hard';
    const ids = tokenizer.encode(text);
    // Each tag is one token, not spelled out in bytes.
    expect(ids.filter((id) => id === 261 || id === 262)).toEqual([261, 262]);
    expect(tokenizer.decode(ids)).toBe(text);
    // Other special tokens are still dropped (end of turn), and kept on request.
    const withEnd = [...ids, tokenizer.tokenToId('<|im_end|>') as number];
    expect(tokenizer.decode(withEnd)).toBe(text);
    expect(tokenizer.decode(withEnd, { skipSpecialTokens: false })).toBe(`${text}<|im_end|>`);
  });

  it('should decode text without tags as before', () => {
    const tokenizer = tokenizerWithThinkTags(true);
    const ids = tokenizer.encode('<|im_start|>hello there<|im_end|>');
    expect(tokenizer.decode(ids)).toBe('hello there');
  });
});
