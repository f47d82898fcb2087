import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { modelConfigToHF } from '../hf-model-config';
import type { TransformerConfigInput } from '../model-config';
import { resolveTransformerConfig } from '../model-config';
import { type SafetensorsDtype, writeSafetensors } from '../safetensors';
import { createTransformerModel } from '../transformer-model';

/** ChatML template, Qwen2 style. */
export const TINY_CHAT_TEMPLATE =
  "{%- for message in messages %}{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}";

/** GPT-2's byte → printable character map used by byte-level BPE vocabularies. */
function bytesToUnicode(): string[] {
  const printable: number[] = [];
  for (let code = 33; code <= 126; code += 1) printable.push(code);
  for (let code = 161; code <= 172; code += 1) printable.push(code);
  for (let code = 174; code <= 255; code += 1) printable.push(code);
  const map: string[] = [];
  let extra = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    map[byte] = printable.includes(byte) ? String.fromCharCode(byte) : String.fromCharCode(256 + extra++);
  }
  return map;
}

/** Ids of the special tokens of the tiny tokenizer (after 256 byte tokens and 2 merges). */
export const TINY_SPECIAL = { endOfText: 258, imStart: 259, imEnd: 260 } as const;
export const TINY_VOCAB_SIZE = 264;

/** A byte-level BPE `tokenizer.json` (256 bytes, merges "h e" and "Ġ t") with ChatML special tokens. */
export function tinyTokenizerJson(): Record<string, unknown> {
  const characters = bytesToUnicode();
  const vocab: Record<string, number> = {};
  characters.forEach((character, byte) => {
    vocab[character] = byte;
  });
  vocab.he = 256;
  vocab['Ġt'] = 257;
  const added = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const byteLevel = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      added(TINY_SPECIAL.endOfText, '<|endoftext|>'),
      added(TINY_SPECIAL.imStart, '<|im_start|>'),
      added(TINY_SPECIAL.imEnd, '<|im_end|>'),
    ],
    normalizer: null,
    pre_tokenizer: byteLevel,
    post_processor: byteLevel,
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: ['h e', 'Ġ t'],
    },
  };
}

export function tinyTokenizerConfig(): Record<string, unknown> {
  return { eos_token: '<|im_end|>', pad_token: '<|endoftext|>', chat_template: TINY_CHAT_TEMPLATE };
}

export const TINY_MODEL_CONFIG: TransformerConfigInput = {
  modelType: 'qwen2',
  vocabSize: TINY_VOCAB_SIZE,
  hiddenSize: 32,
  intermediateSize: 48,
  numHiddenLayers: 2,
  numAttentionHeads: 4,
  numKeyValueHeads: 2,
  tieWordEmbeddings: false,
  eosTokenIds: [TINY_SPECIAL.imEnd],
  padTokenId: TINY_SPECIAL.endOfText,
  ropeTheta: 10_000,
};

/**
 * Write a randomly initialised tiny Qwen2-style HF folder by hand (config.json in HF spelling,
 * safetensors in `dtype`, tokenizer files): what a user's checkpoint looks like.
 */
export async function writeTinyCheckpoint(
  directory: string,
  options: { seed?: number; dtype?: SafetensorsDtype; config?: Partial<TransformerConfigInput> } = {},
): Promise<void> {
  await mkdir(directory, { recursive: true });
  const config = resolveTransformerConfig({ ...TINY_MODEL_CONFIG, ...options.config });
  const model = createTransformerModel({ config, seed: options.seed ?? 7, initStd: 0.2 });
  const tensors = await model.exportWeights();
  model.dispose();
  const hfConfig = { ...modelConfigToHF(config), torch_dtype: 'bfloat16', use_sliding_window: false };
  await writeFile(join(directory, 'config.json'), JSON.stringify(hfConfig));
  await writeFile(join(directory, 'model.safetensors'), writeSafetensors(tensors, { format: 'pt' }, options.dtype));
  await writeFile(join(directory, 'tokenizer.json'), JSON.stringify(tinyTokenizerJson()));
  await writeFile(join(directory, 'tokenizer_config.json'), JSON.stringify(tinyTokenizerConfig()));
}
