/**
 * How whole the phrasebook's slot fillings are on the held-out scenarios' openings (`@rlver/simulator` test split):
 * per language, the share of fillings (`thing` and `bit`) that cut a word (zh: a start or end that is no word
 * boundary of `Intl.Segmenter('zh')` in the user's message), the share that read badly by `slotFillingFlaw`, the
 * share of grounded candidates the audit (`@rlver/text-quality`) calls degenerate, and sample candidates.
 *
 * `npx tsx --conditions=source tools/embedded-model/scripts/measure-slot-fillings.ts [--phrasebook <file>] [--samples 10]`
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { groundedSlotOptions, parsePhrasebook, phrasebookCandidates, slotFillingFlaw } from '@rlver/model';
import { notDegenerate } from '@rlver/policy';
import { loadScenarioSet } from '@rlver/simulator';
import type { Language } from '@rlver/spec';
import { auditReply } from '@rlver/text-quality';

const { values } = parseArgs({
  options: {
    phrasebook: { type: 'string', default: 'packages/policy/assets/embedded-grounded/phrasebook.json' },
    samples: { type: 'string', default: '10' },
  },
});
const phrasebook = parsePhrasebook(JSON.parse(readFileSync(values.phrasebook, 'utf8')), values.phrasebook);
const samples = Number(values.samples);
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Whether `filling` occurs in `message` starting and ending on word boundaries (zh). */
function onWordBoundaries(filling: string, message: string): boolean {
  const bounds = new Set<number>();
  for (const segment of segmenter.segment(message)) {
    bounds.add(segment.index);
    bounds.add(segment.index + segment.segment.length);
  }
  for (let at = message.indexOf(filling); at >= 0; at = message.indexOf(filling, at + 1)) {
    if (bounds.has(at) && bounds.has(at + filling.length)) return true;
  }
  return false;
}

for (const lang of ['zh', 'en'] as const satisfies readonly Language[]) {
  const profiles = loadScenarioSet(lang, 'test');
  let fillings = 0;
  let cut = 0;
  let flawed = 0;
  let candidates = 0;
  let degenerate = 0;
  let withoutGrounded = 0;
  const flawExamples: string[] = [];
  const sampleReplies: string[] = [];
  profiles.forEach((profile, index) => {
    const opening = (profile.first_talk ?? '').trim();
    const messages = [{ role: 'user' as const, content: opening }];
    const options = groundedSlotOptions(messages, lang, phrasebook.names[lang]);
    const values = new Set(options.flatMap((slots) => [slots.thing, slots.bit]).filter((value) => value !== ''));
    for (const value of values) {
      fillings += 1;
      const isCut = lang === 'zh' && !onWordBoundaries(value, opening);
      const flaw = slotFillingFlaw(value, lang);
      if (isCut) cut += 1;
      if (flaw) flawed += 1;
      if ((isCut || flaw) && flawExamples.length < 12) flawExamples.push(`${value} (${isCut ? 'cut' : flaw})`);
    }
    const grounded = phrasebookCandidates(phrasebook, messages, lang, { kinds: ['grounded'] });
    if (grounded.length === 0) withoutGrounded += 1;
    for (const candidate of grounded) {
      candidates += 1;
      if (auditReply(candidate.reply, lang).degenerate) degenerate += 1;
    }
    if (index < samples) {
      // The same template for the same opening before and after a change: the first grounded template, turning with
      // the opening's index, that this opening's slots can fill.
      const fillings = [...values].join(' / ') || '(none)';
      const sample = grounded.find((candidate) => candidate.template === index % 2) ?? grounded[0];
      sampleReplies.push(`[${fillings}] ${sample ? `${sample.strategy}: ${sample.reply}` : '(no grounded candidate)'}`);
    }
  });
  // What the audit costs per dialogue state: every candidate (grounded and stock) built with and without the filter
  // the policy layer injects (`notDegenerate`, the project's audit), 3 passes over the openings, the first one warm-up.
  const states = profiles.map((profile) => [{ role: 'user' as const, content: (profile.first_talk ?? '').trim() }]);
  const timing = { plain: 0, audited: 0, candidates: 0 };
  for (let pass = 0; pass < 3; pass += 1) {
    for (const messages of states) {
      const start = performance.now();
      const all = phrasebookCandidates(phrasebook, messages, lang);
      const middle = performance.now();
      phrasebookCandidates(phrasebook, messages, lang, { acceptReply: (reply) => notDegenerate(reply, lang) });
      const end = performance.now();
      if (pass === 0) continue;
      timing.plain += middle - start;
      timing.audited += end - middle;
      timing.candidates += all.length;
    }
  }
  const perState = (total: number) => (total / (2 * states.length)).toFixed(2);
  const share = (part: number, whole: number) =>
    `${part} of ${whole} (${((100 * part) / Math.max(1, whole)).toFixed(1)} %)`;
  console.log(`## ${lang}: ${profiles.length} held-out openings`);
  console.log(`fillings cutting a word: ${share(cut, fillings)}`);
  console.log(`fillings reading badly (slotFillingFlaw): ${share(flawed, fillings)}`);
  console.log(`grounded candidates degenerate (audit): ${share(degenerate, candidates)}`);
  console.log(`openings with no grounded candidate: ${withoutGrounded}`);
  console.log(
    `per dialogue state: ${perState(timing.candidates)} candidates, built in ${perState(timing.plain)} ms without the audit, ${perState(timing.audited)} ms with it`,
  );
  console.log(`flawed fillings: ${flawExamples.join(' · ')}`);
  console.log(`the first ${samples} openings: [fillings] a grounded candidate`);
  for (const reply of sampleReplies) console.log(`- ${reply}`);
}
