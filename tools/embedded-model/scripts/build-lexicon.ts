/**
 * Write a checkpoint's `lexicon.txt`: the words (lower-case runs of ASCII letters) of its pretraining corpus, for
 * the lexicon decoding rule (`decodingRules.lexicon`, `@rlver/model` lexicon-rule.ts). The corpus is drawn as
 * `pretrain-embedded.ts` draws it (decontaminated against the held-out scenarios), but without the copy
 * curriculum: its made-up names and clauses are there to be copied from the user, never to be said unprompted,
 * and the rule adds every word of the dialogue itself. A word the corpus writes with a capital inside a sentence (a
 * name, "I") is written capitalised: the rule lets only those take a capital there.
 * Usage: `npx tsx --conditions=source tools/embedded-model/scripts/build-lexicon.ts --out <checkpoint folder>
 * [--dialogues 5000] [--seeds 2027,2028,2029,2030]`
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LEXICON_FILE, lexiconEntriesOf } from '@rlver/model';
import { generateCorpus } from '../corpus/generate-corpus';
import { shippedHeldOutText } from '../corpus/held-out';

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string' },
    dialogues: { type: 'string', default: '5000' },
    seeds: { type: 'string', default: '2027,2028,2029,2030' },
    'quote-fraction': { type: 'string', default: '0.4' },
    'grounded-fraction': { type: 'string', default: '0.7' },
  },
  strict: true,
});
if (!flags.out) throw new RangeError('--out <checkpoint folder>: where to write lexicon.txt');
const dialogueCount = Number(flags.dialogues);
if (!Number.isInteger(dialogueCount) || dialogueCount < 1)
  throw new RangeError(`--dialogues ${flags.dialogues}: give a positive number of dialogues a seed`);

const heldOut = shippedHeldOutText();
const words = new Set<string>();
/** Words the corpus writes with a capital inside a sentence (names, "I"): written capitalised in lexicon.txt. */
const names = new Set<string>();
for (const seed of flags.seeds.split(',').map(Number)) {
  for (const groundedFraction of [0, Number(flags['grounded-fraction'])]) {
    const dialogues = generateCorpus({
      seed,
      dialogueCount,
      thinkingFraction: 0.3,
      noSystemFraction: 0.5,
      quoteFraction: Number(flags['quote-fraction']),
      copyCurriculumFraction: 0,
      groundedFraction,
      heldOut,
    });
    for (const dialogue of dialogues) {
      for (const message of dialogue.messages) {
        const entries = lexiconEntriesOf(message.content);
        for (const word of entries.words) words.add(word);
        for (const name of entries.names) names.add(name);
      }
    }
  }
}
const sorted = [...words].sort().map((word) => (names.has(word) ? word[0]?.toUpperCase() + word.slice(1) : word));
writeFileSync(join(flags.out, LEXICON_FILE), `${sorted.join('\n')}\n`);
console.log(`${sorted.length} words (${names.size} names) → ${join(flags.out, LEXICON_FILE)}`);
