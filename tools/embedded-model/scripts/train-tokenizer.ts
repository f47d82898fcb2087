import { Tokenizer } from '@huggingface/tokenizers';
import { trainByteLevelBpe } from './byte-level-bpe';
import { buildTokenizerConfig, buildTokenizerJson, EMBEDDED_ADDED_TOKENS } from './tokenizer-files';

/** The two HF tokenizer files of a trained tokenizer. */
export interface TokenizerFiles {
  tokenizerJson: Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
}

const ADDED_TOKEN_PATTERN = new RegExp(
  EMBEDDED_ADDED_TOKENS.map((token) => token.content.replace(/[|<>/]/g, (character) => `\\${character}`)).join('|'),
  'g',
);

/** Count the byte-level pre-tokens of `texts` exactly as the loaded tokenizer will split them. */
export function countPreTokens(texts: Iterable<string>): Map<string, number> {
  const emptyModel = buildTokenizerJson({ vocab: {}, merges: [] });
  const splitter = new Tokenizer(emptyModel, {});
  const preTokenizer = splitter.pre_tokenizer;
  if (preTokenizer === null) throw new TypeError('the embedded tokenizer definition has no pre-tokenizer');
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const piece of text.split(ADDED_TOKEN_PATTERN)) {
      if (piece.length === 0) continue;
      for (const word of preTokenizer.pre_tokenize(piece)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Train the embedded tokenizer: byte-level BPE with `bpeVocabSize` entries (256 bytes + merges), then the
 * added tokens (`<|endoftext|>`, `<|im_start|>`, `<|im_end|>`, `<think>`, `</think>`).
 */
export function trainTokenizerFiles(
  texts: Iterable<string>,
  bpeVocabSize: number,
  modelMaxLength = 512,
): TokenizerFiles {
  const model = trainByteLevelBpe({ wordCounts: countPreTokens(texts), vocabSize: bpeVocabSize });
  return {
    tokenizerJson: buildTokenizerJson(model),
    tokenizerConfig: buildTokenizerConfig(Object.keys(model.vocab).length, modelMaxLength),
  };
}
