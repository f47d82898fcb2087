/**
 * Train the embedded policy's tokenizer on the generated corpus and write `assets/embedded/tokenizer.json`
 * and `tokenizer_config.json`. Usage: `npx tsx --conditions=source scripts/build-tokenizer.ts [--seed 1234]
 * [--dialogues 20000] [--bpe-vocab 3000] [--out assets/embedded]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Tokenizer } from '@huggingface/tokenizers';
import { embeddedModelDirectory } from '@rlver/policy';
import { generateCorpus } from '../corpus/generate-corpus';
import { EMBEDDED_SYSTEM_PROMPTS } from '../corpus/system-prompts';
import { trainTokenizerFiles } from './train-tokenizer';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1234' },
    dialogues: { type: 'string', default: '20000' },
    'bpe-vocab': { type: 'string', default: '3000' },
    out: { type: 'string', default: embeddedModelDirectory() },
  },
  strict: true,
});

function* corpusTexts(seed: number, dialogueCount: number): Generator<string> {
  for (const dialogue of generateCorpus({ seed, dialogueCount })) {
    for (const message of dialogue.messages) yield message.content;
  }
  for (const mode of Object.values(EMBEDDED_SYSTEM_PROMPTS)) {
    for (const prompts of Object.values(mode)) yield* prompts;
  }
}

const started = Date.now();
const seed = Number(values.seed);
const files = trainTokenizerFiles(corpusTexts(seed, Number(values.dialogues)), Number(values['bpe-vocab']));
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'tokenizer.json'), `${JSON.stringify(files.tokenizerJson, null, 2)}\n`);
writeFileSync(join(values.out, 'tokenizer_config.json'), `${JSON.stringify(files.tokenizerConfig, null, 2)}\n`);

const tokenizer = new Tokenizer(files.tokenizerJson, files.tokenizerConfig);
const sample =
  '<|im_start|>user\n我男朋友小王忘了我的生日。My boss Alex yelled at me!<|im_end|>\n<think>\npraise\n</think>';
const ids = tokenizer.encode(sample).ids;
const decoded = tokenizer.decode(ids);
console.log(
  `vocab ${tokenizer.get_vocab(true).size} tokens; sample → ${ids.length} ids; round trip ${decoded === sample ? 'ok' : 'FAILED'}`,
);
console.log(`wrote ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (decoded !== sample) process.exitCode = 1;
