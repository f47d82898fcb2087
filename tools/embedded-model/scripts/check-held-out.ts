/**
 * Whether held-out text reached a checkpoint's pretraining corpus or its phrasebook: regenerates the corpus a
 * `training.json` records (its seed, dialogue count and corpus options, each earlier phase too) with this commit's
 * generator and counts the messages that hold a held-out opening or story sentence (`held-out.ts`: the simulator's
 * test split in zh and en), then the same for every phrasebook template. 0 and 0 is clean.
 * Usage: `npx tsx --conditions=source tools/embedded-model/scripts/check-held-out.ts --checkpoint <folder>`
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PHRASEBOOK_FILE, parsePhrasebook } from '@rlver/model';
import { generateCorpus } from '../corpus/generate-corpus';
import { type HeldOutText, sentencesOf, shippedHeldOutText } from '../corpus/held-out';

const { values: flags } = parseArgs({ options: { checkpoint: { type: 'string' } }, strict: true });
if (!flags.checkpoint) {
  process.stderr.write('check-held-out: --checkpoint <folder with training.json> says what to check\n');
  process.exit(2);
}

/** The held-out pieces `text` holds (a whole opening, or one of its sentences). */
function heldOutIn(text: string, heldOut: HeldOutText): string[] {
  const found = [...heldOut.openings].filter((opening) => text.includes(opening));
  for (const sentence of sentencesOf(text)) if (heldOut.sentences.has(sentence)) found.push(sentence);
  return found;
}

interface Phase {
  seed: number;
  corpus?: { dialogues?: number };
  corpusOptions?: Record<string, unknown>;
  previousPhases?: Phase[];
}

const heldOut = shippedHeldOutText();
const training = JSON.parse(readFileSync(join(flags.checkpoint, 'training.json'), 'utf8')) as Phase;
const phases = [...(training.previousPhases ?? []), training];
process.stdout.write(`held-out text: ${heldOut.openings.size} openings, ${heldOut.sentences.size} story sentences\n`);
for (const [index, phase] of phases.entries()) {
  const options = phase.corpusOptions ?? {};
  const dialogues = generateCorpus({
    seed: phase.seed,
    dialogueCount: phase.corpus?.dialogues ?? 0,
    thinkingFraction: Number(options.thinkingFraction ?? 0),
    noSystemFraction: 0.7,
    genericEventFraction: Number(options.genericEventFraction ?? 0),
    quoteFraction: Number(options.quoteFraction ?? 0),
    copyCurriculumFraction: Number(options.copyCurriculumFraction ?? 0),
    groundedFraction: Number(options.groundedFraction ?? 0),
    turnCountWeights: [0.3, 0.35, 0.35],
    heldOut,
  });
  let messages = 0;
  let touched = 0;
  for (const dialogue of dialogues) {
    for (const message of dialogue.messages) {
      messages += 1;
      if (heldOutIn(message.content, heldOut).length > 0) touched += 1;
    }
  }
  process.stdout.write(
    `phase ${index + 1} (seed ${phase.seed}, ${dialogues.length} dialogues): ${touched} of ${messages} messages hold held-out text\n`,
  );
}
const phrasebookFile = join(flags.checkpoint, PHRASEBOOK_FILE);
if (existsSync(phrasebookFile)) {
  const phrasebook = parsePhrasebook(JSON.parse(readFileSync(phrasebookFile, 'utf8')), phrasebookFile);
  const templates = [...phrasebook.templates.zh, ...phrasebook.templates.en];
  const touched = templates.filter((template) => heldOutIn(template.text, heldOut).length > 0);
  process.stdout.write(`phrasebook: ${touched.length} of ${templates.length} templates hold held-out text\n`);
}
