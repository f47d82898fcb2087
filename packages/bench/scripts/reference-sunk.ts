/**
 * How many shipped reference replies (zh and en) the offline user sinks, and their mean change, judged in their recorded
 * states: a calibration count to compare before and after a judge change.
 *   npx tsx --conditions=source packages/bench/scripts/reference-sunk.ts
 */
import { judgeReferenceTurns } from '../src/redteam/judge-reference-turns';

/** Reason codes that hold a reply at the bottom of the range (integrity issues add their own codes). */
const SINKS = new Set(['not-for-me', 'bare-slot', 'slot-template', 'not-my-story']);

for (const lang of ['zh', 'en'] as const) {
  const turns = await judgeReferenceTurns(lang);
  let sunk = 0;
  let total = 0;
  for (const { reply, judged } of turns) {
    total += judged.score;
    const codes = judged.reasons.filter((reason) => judged.issues.length > 0 || SINKS.has(reason.code));
    if (judged.issues.length > 0 || codes.some((reason) => SINKS.has(reason.code))) {
      sunk += 1;
      process.stdout.write(`  ${lang} sunk (${codes[0]?.code}): ${reply.slice(0, 60)}\n`);
    }
  }
  process.stdout.write(`${lang}: ${sunk} of ${turns.length} sunk, mean score ${(total / turns.length).toFixed(2)}\n`);
}
