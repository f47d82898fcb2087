import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from '@huggingface/jinja';
import { Tokenizer } from '@huggingface/tokenizers';
import { embeddedModelDirectory } from '@rlver/policy';
import type { ChatEncoding } from './embedded-training-data';

/** The embedded tokenizer read straight from `assets/embedded` with the HF libraries. */
export interface RawChatEncoding extends ChatEncoding {
  tokenizer: Tokenizer;
  tokenId(token: string): number;
}

/** Load `tokenizer.json` + `tokenizer_config.json` of a folder as a {@link ChatEncoding}. */
export function loadRawChatEncoding(folder = embeddedModelDirectory()): RawChatEncoding {
  const tokenizerJson = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8')) as object;
  const config = JSON.parse(readFileSync(join(folder, 'tokenizer_config.json'), 'utf8')) as { chat_template: string };
  const tokenizer = new Tokenizer(tokenizerJson, config);
  const template = new Template(config.chat_template);
  return {
    tokenizer,
    render: (messages, addGenerationPrompt) =>
      template.render({
        messages: messages.map((message) => ({ ...message })),
        add_generation_prompt: addGenerationPrompt,
      }),
    encode: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids,
    tokenId(token) {
      const id = tokenizer.token_to_id(token);
      if (id === undefined) throw new RangeError(`token ${token} is not in the embedded vocabulary`);
      return id;
    },
  };
}
