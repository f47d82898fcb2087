import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from '@huggingface/jinja';
import { Tokenizer } from '@huggingface/tokenizers';
import { embeddedModelDirectory } from '@rlver/policy';
import { describe, expect, it } from 'vitest';
import { bytesToUnicode, trainByteLevelBpe } from './byte-level-bpe';
import { countPreTokens, trainTokenizerFiles } from './train-tokenizer';

const ROUND_TRIP_TEXTS = [
  'My boss Alex criticized me in front of the whole team today.',
  '我男朋友小王又忘了我的生日，连句对不起都没有。',
  'Mixed 中英 text, digits 12345, emoji 🙂 and rare 龘 characters.',
  '  leading spaces,\ttabs and\nnew lines  ',
  '<think>\nThey want praise.\n</think>\nYou did great.<|im_end|>',
];

function loadEmbeddedTokenizer(): { tokenizer: Tokenizer; config: Record<string, unknown> } {
  const folder = embeddedModelDirectory();
  const tokenizerJson = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
  const config = JSON.parse(readFileSync(join(folder, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;
  return { tokenizer: new Tokenizer(tokenizerJson, config), config };
}

describe('bytesToUnicode', () => {
  it('should map the 256 bytes to distinct characters', () => {
    const table = bytesToUnicode();
    expect(table).toHaveLength(256);
    expect(new Set(table).size).toBe(256);
    expect(table[32]).toBe('Ġ');
  });
});

describe('trainByteLevelBpe', () => {
  it('should merge the most frequent pair first and stop at the vocabulary size', () => {
    const model = trainByteLevelBpe({
      wordCounts: new Map([
        ['abab', 5],
        ['ab', 3],
        ['cd', 1],
      ]),
      vocabSize: 258,
    });
    expect(model.merges).toEqual(['a b', 'ab ab']);
    expect(model.vocab['ab']).toBe(256);
    expect(model.vocab['abab']).toBe(257);
  });

  it('should not merge pairs seen fewer than minFrequency times', () => {
    const model = trainByteLevelBpe({ wordCounts: new Map([['xy', 1]]), vocabSize: 300 });
    expect(model.merges).toEqual([]);
  });
});

describe('trainTokenizerFiles', () => {
  const texts = Array.from({ length: 30 }, (_, index) => `${ROUND_TRIP_TEXTS[index % 3]} ${index}`);
  const files = trainTokenizerFiles(texts, 400);
  const tokenizer = new Tokenizer(files.tokenizerJson, files.tokenizerConfig);

  it('should round-trip any text through @huggingface/tokenizers', () => {
    for (const text of ROUND_TRIP_TEXTS) expect(tokenizer.decode(tokenizer.encode(text).ids)).toBe(text);
  });

  it('should keep every added token as one id, after the BPE vocabulary', () => {
    const bpeVocab = (files.tokenizerJson['model'] as { vocab: Record<string, number> }).vocab;
    for (const token of ['<|im_start|>', '<|im_end|>', '<|endoftext|>', '<think>', '</think>']) {
      const ids = tokenizer.encode(`a${token}b`).ids;
      expect(ids).toContain(tokenizer.token_to_id(token));
      expect(tokenizer.token_to_id(token)).toBeGreaterThanOrEqual(Object.keys(bpeVocab).length);
    }
  });

  it('should never merge two Chinese characters into one token', () => {
    const counts = countPreTokens(['我们我们我们我们']);
    expect([...counts.keys()].every((word) => Array.from(word).length === 3)).toBe(true);
    for (const token of tokenizer.tokenize('生日生日生日')) {
      expect(tokenizer.decode([tokenizer.token_to_id(token) as number]).length).toBeLessThanOrEqual(1);
    }
  });
});

describe('embedded tokenizer asset', () => {
  const { tokenizer, config } = loadEmbeddedTokenizer();

  it('should load with @huggingface/tokenizers and round-trip zh and en text', () => {
    for (const text of ROUND_TRIP_TEXTS) expect(tokenizer.decode(tokenizer.encode(text).ids)).toBe(text);
    expect(tokenizer.get_vocab(true).size).toBeGreaterThanOrEqual(2000);
    expect(tokenizer.get_vocab(true).size).toBeLessThanOrEqual(4100);
  });

  it('should encode corpus words compactly', () => {
    expect(tokenizer.encode('I really admire how you handled it.').ids.length).toBeLessThanOrEqual(9);
    expect(tokenizer.encode('我能感受到你有多难受。').ids.length).toBe(11);
  });

  it('should render the ChatML chat template with a generation prompt', () => {
    expect(config['eos_token']).toBe('<|im_end|>');
    const template = new Template(config['chat_template'] as string);
    const messages = [
      { role: 'system', content: 'Be kind.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: '你好' },
    ];
    const text = template.render({ messages, add_generation_prompt: true });
    expect(text).toBe(
      '<|im_start|>system\nBe kind.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello!<|im_end|>\n' +
        '<|im_start|>user\n你好<|im_end|>\n<|im_start|>assistant\n',
    );
    expect(template.render({ messages, add_generation_prompt: false }).endsWith('你好<|im_end|>\n')).toBe(true);
  });
});
