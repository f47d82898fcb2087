/**
 * Record the outputs of `GENERATION_CASES` (src/test/generation-cases.ts) as src/test/generation-golden.json.
 * Uses the copy-based decoder (`legacy-generate.ts`, the code before the preallocated cache), whose outputs
 * later decoders must reproduce:
 *   RLVER_TF_BACKEND=wasm npx tsx --conditions=source packages/model/scripts/write-generation-golden.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransformerModel, initTfBackend } from '../src/index';
import { GENERATION_CASES } from '../src/test/generation-cases';
import { TINY_TRANSFORMER_CONFIG } from '../src/test/tiny-transformer';
import { legacyGenerate } from './legacy-generate';

await initTfBackend();
const model = createTransformerModel({
  config: { ...TINY_TRANSFORMER_CONFIG, vocabSize: 300 },
  seed: 11,
  initStd: 0.3,
});
const golden: Record<string, unknown> = {};
for (const [name, options] of Object.entries(GENERATION_CASES)) golden[name] = await legacyGenerate(model, options);
writeFileSync(join(import.meta.dirname, '../src/test/generation-golden.json'), `${JSON.stringify(golden)}\n`);
model.dispose();
