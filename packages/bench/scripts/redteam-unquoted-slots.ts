/**
 * The slot families with their quotation marks taken out (the user's clause said back bare in the stock frame), judged
 * against the real replies in the same recorded states (zh SAGE transcripts from ../shared, first and last judged reply
 * of each dialogue, or the shipped en reference dialogues): the share of pairs the real reply wins (ties count half).
 * The bare-slot sink (docs/decisions/2026-11-26-bare-slot-templates.md) catches a frame whose own clause stands before the
 * user's words; this measures what the older templates still get through with their marks taken out:
 *   npx tsx --conditions=source packages/bench/scripts/redteam-unquoted-slots.ts [zh|en]
 */
import { createOfflineSimulator } from '@rlver/simulator';
import { proposedChangeOf } from '@rlver/spec';
import { collectRedTeamTurns } from '../src/redteam/collect-redteam-turns';
import { selectFamilies } from '../src/redteam/families/redteam-families';
import { variantsOf } from '../src/redteam/run-redteam';
import { loadRedTeamRecords } from './redteam-script-inputs';

const lang = process.argv[2] === 'en' ? 'en' : 'zh';
const simulator = createOfflineSimulator({ preset: 'sage' });
const turns = await collectRedTeamTurns(loadRedTeamRecords(lang), simulator, { maxTurnsPerDialogue: 2 });
const families = selectFamilies(['slot-template', 'slot-fragment']);
const wins = new Map<string, number[]>();
for (const turn of turns) {
  const real = proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: turn.reply }));
  for (const { family, text } of variantsOf(turn, families, [], 0)) {
    const bare = text.replace(/[“”"]/g, '');
    const copy = proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: bare }));
    const list = wins.get(family.id) ?? [];
    list.push(real > copy ? 1 : real === copy ? 0.5 : 0);
    wins.set(family.id, list);
  }
}
for (const [family, list] of wins) {
  const rate = (100 * list.reduce((sum, win) => sum + win, 0)) / list.length;
  process.stdout.write(
    `${lang} ${family} without quotation marks: real preferred ${rate.toFixed(1)} % of ${list.length}\n`,
  );
}
