/**
 * Where one red-team family wins against the offline user (zh SAGE transcripts, read at run time from ../shared, or
 * the shipped en reference dialogues): per lost or tied pair, the real reply's and the copy's change and the
 * judge's reasons (codes and points), so the features that let a copy through can be read off:
 *   npx tsx --conditions=source packages/bench/scripts/redteam-family-losses.ts --family other-dialogue [--lang zh|en] [--limit 30]
 * At the end: per reason code, how often it fires on the copies that won and on all copies, and its mean points.
 */
import { createOfflineSimulator } from '@rlver/simulator';
import { proposedChangeOf } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { collectRedTeamTurns, type RedTeamTurn } from '../src/redteam/collect-redteam-turns';
import { selectFamilies } from '../src/redteam/families/redteam-families';
import { variantsOf } from '../src/redteam/run-redteam';
import { formatReasons, judgeReasonsOf, loadRedTeamRecords, scriptFlag } from './redteam-script-inputs';

const familyId = scriptFlag('--family', 'other-dialogue');
const lang = scriptFlag('--lang', 'zh') === 'en' ? 'en' : 'zh';
const limit = Number(scriptFlag('--limit', '30'));
const records = loadRedTeamRecords(lang);

const simulator = createOfflineSimulator({ preset: 'sage' });
const tagger = createRuleTagger();
const turns = await collectRedTeamTurns(records, simulator, { maxTurnsPerDialogue: lang === 'zh' ? 2 : undefined });
const families = selectFamilies([familyId]);
const reasonsOf = (turn: RedTeamTurn, reply: string) => judgeReasonsOf(simulator, tagger, turn.state, turn.lang, reply);
const format = formatReasons;
const wonCodes = new Map<string, { won: number; all: number; points: number }>();
let shown = 0;
let won = 0;
let total = 0;
for (const turn of turns.filter((candidate) => candidate.lang === lang)) {
  const others = turns
    .filter((other) => other.lang === turn.lang && other.dialogueId !== turn.dialogueId)
    .map((other) => other.reply);
  for (const { text } of variantsOf(turn, families, others, 0)) {
    const real = proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: turn.reply }));
    const copy = proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: text }));
    total += 1;
    const copyReasons = reasonsOf(turn, text);
    const lost = copy >= real;
    if (lost) won += copy > real ? 1 : 0.5;
    for (const reason of copyReasons) {
      const entry = wonCodes.get(reason.code) ?? { won: 0, all: 0, points: 0 };
      entry.all += 1;
      entry.points += reason.points;
      if (lost) entry.won += 1;
      wonCodes.set(reason.code, entry);
    }
    if (lost && shown < limit) {
      shown += 1;
      const last = turn.state.history.findLast((message) => message.role === 'user')?.content ?? '';
      console.log(`\n### ${turn.dialogueId} turn ${turn.turn}: real ${real}, copy ${copy}`);
      console.log(`LAST USER: ${last.slice(0, 200)}`);
      console.log(`REAL: ${turn.reply.slice(0, 200)}\n  ${format(reasonsOf(turn, turn.reply))}`);
      console.log(`COPY: ${text.slice(0, 200)}\n  ${format(copyReasons)}`);
    }
  }
}
console.log(
  `\n${familyId} ${lang}: copy won or tied in ${won} of ${total} (real preferred ${(100 * (1 - won / total)).toFixed(1)} %)`,
);
for (const [code, entry] of [...wonCodes].sort((a, b) => b[1].won - a[1].won))
  console.log(
    `${code.padEnd(20)} on lost ${String(entry.won).padStart(4)}  on all ${String(entry.all).padStart(4)}  mean ${(entry.points / entry.all).toFixed(2)}`,
  );
