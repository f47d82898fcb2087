/**
 * How often a support move is stacked turn after turn: for each judged reply, the strategy labels (rule tagger) it
 * shares with each of the policy's previous `--run` − 1 replies of the dialogue. Counted per label on the published
 * SAGE transcripts (strong models, read at run time, never copied) and on any results.jsonl given with --results
 * (e.g. a trained policy's held-out replies), so a charge for stacking can be sized against what strong models do.
 *   npx tsx --conditions=source packages/simulator/scripts/strategy-stacking.ts [--run 3] [--results a/results.jsonl,…]
 */
import { readFileSync } from 'node:fs';
import type { Language, StrategyLabel } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { saidBefore } from '../src/offline/said-before';
import { sharedJudgedReplies } from './shared-transcripts';

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const run = Number(flag('--run') ?? 3);
const resultFiles = (flag('--results') ?? '').split(',').filter(Boolean);
const tagger = createRuleTagger();
const languageOf = (text: string): Language => ((text.match(/[\u4e00-\u9fff]/g) ?? []).length > 10 ? 'zh' : 'en');
const IGNORED = new Set<StrategyLabel>(['question', 'other']);

interface Tally {
  replies: number;
  stacked: Map<string, number>;
  any: number;
  /** Of `any`, replies the `said-before` rule already charges (the same frame or opening again). */
  alreadyCharged: number;
}
const tallies = new Map<string, Tally>();
function count(set: string, reply: string, earlier: readonly string[], lang: Language, userSide: readonly string[]) {
  const tally = tallies.get(set) ?? { replies: 0, stacked: new Map(), any: 0, alreadyCharged: 0 };
  tallies.set(set, tally);
  tally.replies += 1;
  const window = earlier.slice(-(run - 1));
  if (window.length < run - 1) return;
  const labelsOf = (text: string) => new Set(tagger.tag(text, lang).labels.filter((label) => !IGNORED.has(label)));
  const earlierLabels = window.map(labelsOf);
  let hit = false;
  for (const label of labelsOf(reply)) {
    if (!earlierLabels.every((labels) => labels.has(label))) continue;
    tally.stacked.set(label, (tally.stacked.get(label) ?? 0) + 1);
    hit = true;
  }
  if (!hit) return;
  tally.any += 1;
  if (saidBefore(reply, earlier, userSide, lang)) tally.alreadyCharged += 1;
}

for (const entry of sharedJudgedReplies()) {
  const lang = languageOf(entry.reply + entry.userMessages.join(''));
  const earlier = entry.before.filter((message) => message.role === 'assistant').map((message) => message.content);
  count(`SAGE ${lang}`, entry.reply, earlier, lang, [...entry.userMessages, entry.record.player, entry.record.scene]);
}
for (const file of resultFiles) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const record = JSON.parse(line) as {
      lang: Language;
      opening: { message: string };
      turns: { reply: string; userMessage: string }[];
    };
    const replies = record.turns.map((turn) => turn.reply);
    const users = [record.opening.message, ...record.turns.map((turn) => turn.userMessage)];
    for (const [index, reply] of replies.entries())
      count(`${file} ${record.lang}`, reply, replies.slice(0, index), record.lang, users.slice(0, index + 1));
  }
}
for (const [set, tally] of tallies) {
  const share = (value: number) => `${value} (${((100 * value) / tally.replies).toFixed(1)} %)`;
  const labels = [...tally.stacked].sort((a, b) => b[1] - a[1]).map(([label, value]) => `${label} ${share(value)}`);
  console.log(
    `${set}: ${tally.replies} replies, stacked ${run} in a row ${share(tally.any)}, of them already charged said-before ${tally.alreadyCharged}\n  ${labels.join('\n  ')}`,
  );
}
