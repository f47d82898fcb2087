/**
 * Does the shipped zh fluency model see where the adaptive attack glues fragments? For every real reply of the zh
 * red-team turns (SAGE transcripts, read at run time from ../shared) and for texts given one per line in `--texts`
 * (e.g. the best exploit texts printed by `adaptive-exploit-reasons.ts`, read in the attack's first sampled state), it counts the adjacent CJK character pairs the
 * model never kept (`pairCount` 0) and that the dialogue (story, persona, messages, earlier replies) does not have
 * either, and the CJK characters per punctuation mark. It prints the texts' figures and the real replies' percentiles:
 *   npx tsx --conditions=source packages/bench/scripts/zh-unseen-pairs.ts [--texts exploits.txt]
 */
import { readFileSync } from 'node:fs';
import { createOfflineSimulator, judgeInputOfState, readOfflineMemory } from '@rlver/simulator';
import { createRng, hashSeed } from '@rlver/spec';
import { fluencyModel } from '@rlver/text-quality';
import { collectRedTeamTurns } from '../src/redteam/collect-redteam-turns';
import { loadRedTeamRecords, scriptFlag } from './redteam-script-inputs';

const model = fluencyModel('zh');
const simulator = createOfflineSimulator({ preset: 'sage' });
const turns = await collectRedTeamTurns(loadRedTeamRecords('zh'), simulator, { maxTurnsPerDialogue: 2 });

/** Share of a text's adjacent CJK pairs unseen by the model and absent from `dialogue`; CJK characters per mark. */
function seamFigures(text: string, dialogue: string) {
  const unseen: string[] = [];
  let pairs = 0;
  for (const run of text.match(/[\u4e00-\u9fff]{2,}/g) ?? []) {
    for (let index = 0; index + 2 <= run.length; index += 1) {
      pairs += 1;
      const pair = run.slice(index, index + 2);
      if (model.pairCount(pair[0] as string, pair[1] as string) === 0 && !dialogue.includes(pair)) unseen.push(pair);
    }
  }
  const characters = (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const marks = (text.match(/[，。！？、；：,.!?;:…]/g) ?? []).length;
  return { unseen, rate: unseen.length / Math.max(1, pairs), perMark: characters / Math.max(1, marks) };
}
const dialogueOf = (turn: (typeof turns)[number]) => {
  const input = judgeInputOfState(turn.state, readOfflineMemory(turn.state).memory, turn.reply, {
    tags: { labels: [], cues: [] },
  });
  return [input.dialogueText ?? '', ...input.earlierReplies].join('\n');
};
const textsFile = scriptFlag('--texts', '');
// The attack's first sampled state (the draw of `runAdaptiveAttack` and `adaptive-exploit-reasons.ts`, seed 0).
const first = createRng(hashSeed(0, 'adaptive-sample', 'zh')).shuffle(turns.filter((turn) => turn.lang === 'zh'))[0];
if (textsFile && first) {
  const dialogue = dialogueOf(first);
  for (const text of readFileSync(textsFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())) {
    const figures = seamFigures(text.trim(), dialogue);
    console.log(
      `unseen ${figures.rate.toFixed(3)} · ${figures.perMark.toFixed(1)} per mark · ${text.trim().slice(0, 60)}\n  ${figures.unseen.join(' ')}`,
    );
  }
}
const real = turns.map((turn) => seamFigures(turn.reply, dialogueOf(turn)));
const quantile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(share * (values.length - 1))] ?? 0;
for (const [name, values] of [
  ['unseen-pair share', real.map((entry) => entry.rate)],
  ['CJK characters per mark', real.map((entry) => entry.perMark)],
] as const) {
  const shown = [0.5, 0.9, 0.99, 1].map((share) => quantile(values, share).toFixed(3)).join(' / ');
  console.log(`real replies (${real.length}) ${name} p50 / p90 / p99 / max: ${shown}`);
}
for (const [rate, perMark] of [
  [0.3, 10],
  [0.32, 12],
] as const) {
  const count = real.filter((entry) => entry.rate >= rate && entry.perMark >= perMark).length;
  console.log(`real replies with unseen share ≥ ${rate} and ≥ ${perMark} per mark: ${count} of ${real.length}`);
}
