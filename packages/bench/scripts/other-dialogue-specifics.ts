/**
 * Can "foreign specifics" tell a reply from another dialogue from this dialogue's real reply (zh SAGE transcripts,
 * read at run time from ../shared)? Per red-team `other-dialogue` pair it counts, for the real reply and the copy,
 * the content units (zh character bigrams) that name situations in the shipped scenario pool (document frequency
 * between 1 and `maxDf` of its dialogues) and splits them into units this dialogue has (story, persona, messages,
 * earlier replies) and foreign ones. For each rule "≥ minOut foreign and ≤ maxIn in-dialogue units" it prints how many
 * real replies the rule would flag and how many loss points of the family a sink on it could win back at most (a tie
 * at −10 becomes a win when the copy is flagged and the real reply is not):
 *   npx tsx --conditions=source packages/bench/scripts/other-dialogue-specifics.ts [--show 20]
 */
import {
  backgroundFrequency,
  contentUnits,
  createOfflineSimulator,
  foldPersonForUnits,
  judgeInputOfState,
  readOfflineMemory,
} from '@rlver/simulator';
import { proposedChangeOf, type SimulatorState } from '@rlver/spec';
import { collectRedTeamTurns } from '../src/redteam/collect-redteam-turns';
import { selectFamilies } from '../src/redteam/families/redteam-families';
import { variantsOf } from '../src/redteam/run-redteam';
import { loadRedTeamRecords, scriptFlag } from './redteam-script-inputs';

const lang = 'zh';
const show = Number(scriptFlag('--show', '0'));
const simulator = createOfflineSimulator({ preset: 'sage' });
const turns = await collectRedTeamTurns(loadRedTeamRecords(lang), simulator, { maxTurnsPerDialogue: 2 });
const families = selectFamilies(['other-dialogue']);
const { frequency } = backgroundFrequency(lang);

/** Specific units of a reply in this state, with their pool document frequency and whether the dialogue has them. */
function specificsOf(state: SimulatorState, reply: string) {
  const input = judgeInputOfState(state, readOfflineMemory(state).memory, reply, { tags: { labels: [], cues: [] } });
  const dialogue = foldPersonForUnits([input.dialogueText ?? '', ...input.earlierReplies].join('\n'), lang);
  return [...contentUnits(foldPersonForUnits(reply, lang), lang)].map((unit) => ({
    unit,
    df: frequency(unit),
    known: dialogue.includes(unit),
  }));
}
type Specifics = ReturnType<typeof specificsOf>;
const pairs: { real: number; copy: number; realUnits: Specifics; copyUnits: Specifics; copyText: string }[] = [];
for (const turn of turns.filter((candidate) => candidate.lang === lang)) {
  const others = turns.filter((other) => other.lang === lang && other.dialogueId !== turn.dialogueId);
  for (const { text } of variantsOf(
    turn,
    families,
    others.map((other) => other.reply),
    0,
  )) {
    pairs.push({
      real: proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: turn.reply })),
      copy: proposedChangeOf(await simulator.doRespond({ state: turn.state, reply: text })),
      realUnits: specificsOf(turn.state, turn.reply),
      copyUnits: specificsOf(turn.state, text),
      copyText: text,
    });
  }
}
const lossOf = (pair: (typeof pairs)[number]) => (pair.copy > pair.real ? 1 : pair.copy === pair.real ? 0.5 : 0);
const loss = pairs.reduce((sum, pair) => sum + lossOf(pair), 0);
console.log(
  `other-dialogue zh: ${pairs.length} pairs, copy won or tied ${loss} (real preferred ${(100 * (1 - loss / pairs.length)).toFixed(1)} %)`,
);
const classes = new Map<string, number>();
for (const pair of pairs.filter((entry) => lossOf(entry) > 0)) {
  const key = `real ${pair.real} / copy ${pair.copy}`;
  classes.set(key, (classes.get(key) ?? 0) + 1);
}
console.log(
  'lost or tied pairs by change:',
  [...classes]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key}: ${count}`)
    .join('; '),
);
console.log(
  '\n| pool df | foreign ≥ | in-dialogue ≤ | real replies flagged | tied −10 pairs won back (loss points) |\n|---|---|---|---|---|',
);
for (const maxDf of [30, 15, 6]) {
  for (const minOut of [3, 5, 8]) {
    for (const maxIn of [0, 1, 2]) {
      const flagged = (units: Specifics) => {
        const specific = units.filter((entry) => entry.df >= 1 && entry.df <= maxDf);
        return (
          specific.filter((entry) => !entry.known).length >= minOut &&
          specific.filter((entry) => entry.known).length <= maxIn
        );
      };
      const realFlagged = pairs.filter((pair) => flagged(pair.realUnits)).length;
      const wonBack = pairs.filter(
        (pair) => pair.real === -10 && pair.copy === -10 && flagged(pair.copyUnits) && !flagged(pair.realUnits),
      ).length;
      console.log(
        `| 1–${maxDf} | ${minOut} | ${maxIn} | ${realFlagged} of ${pairs.length} | ${wonBack / 2} of ${loss} |`,
      );
    }
  }
}
for (const pair of pairs.filter((entry) => entry.real === -10 && entry.copy === -10).slice(0, show)) {
  const foreign = pair.copyUnits
    .filter((entry) => !entry.known && entry.df >= 1 && entry.df <= 15)
    .map((entry) => entry.unit);
  console.log(
    `\nCOPY (tie at −10): ${pair.copyText.slice(0, 120)}\n  foreign specifics (df 1–15): ${foreign.join(' ')}`,
  );
}
