/**
 * Write a checkpoint's `phrasebook.json`: the reply templates of its pretraining corpus with slot markers, for the
 * phrasebook decoding rule (`decodingRules.phrasebook`, `@rlver/model` phrasebook-rule.ts): the grounded templates of
 * every strategy and the stock ones (generic comfort included), and the names the slot filling recognises.
 * Usage: `npx tsx --conditions=source tools/embedded-model/scripts/build-phrasebook.ts --out <checkpoint folder>`
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PHRASEBOOK_FILE, parsePhrasebook } from '@rlver/model';
import { corpusPhrasebook } from '../corpus/phrasebook-templates';

const { values: flags } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
if (!flags.out) {
  process.stderr.write('build-phrasebook: --out <checkpoint folder> says where to write phrasebook.json\n');
  process.exit(2);
}

const file = join(flags.out, PHRASEBOOK_FILE);
const phrasebook = parsePhrasebook(corpusPhrasebook(), file);
writeFileSync(file, `${JSON.stringify(phrasebook, null, 2)}\n`);
for (const lang of ['zh', 'en'] as const) {
  const templates = phrasebook.templates[lang];
  const grounded = templates.filter((template) => template.kind === 'grounded').length;
  process.stdout.write(`${lang}: ${grounded} grounded + ${templates.length - grounded} stock templates\n`);
}
process.stdout.write(`wrote ${file}\n`);
