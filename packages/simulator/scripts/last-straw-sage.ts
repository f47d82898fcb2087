/**
 * How many real SAGE replies (strong models, read at run time, never copied) the charges of the last-straw record
 * hit: replayed in their recorded states by the offline user (sage preset), per reply whether `said-before` fires in
 * a cold state (the full-step weights) or warm, whether `last-straw` takes it below the intact floor, and how many
 * replies drop to −20 at all. With --show N, the first N last-straw replies' reasons (codes only; no text).
 *   npx tsx --conditions=source packages/simulator/scripts/last-straw-sage.ts [--show 5]
 */
import { proposedChangeOf } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { judgeInputOfState } from '../src/offline/judge-input-of-state';
import { judgeReply } from '../src/offline/judge-reply';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { readOfflineMemory } from '../src/offline/offline-state';
import { replaySharedTranscripts } from './shared-transcripts';

const showIndex = process.argv.indexOf('--show');
const show = showIndex >= 0 ? Number(process.argv[showIndex + 1] ?? 5) : 0;
const simulator = createOfflineSimulator({ preset: 'sage' });
const tagger = createRuleTagger();
const tally = {
  replies: 0,
  saidBeforeCold: 0,
  saidBeforeWarm: 0,
  lastStraw: 0,
  dropped: 0,
  recordedOfLastStraw: new Map<number, number>(),
};
let shown = 0;
await replaySharedTranscripts(simulator, {
  emotionSource: 'recorded',
  visit: (turn) => {
    tally.replies += 1;
    const lang = turn.state.lang;
    const judgement = judgeReply(
      judgeInputOfState(turn.state, readOfflineMemory(turn.state).memory, turn.reply, {
        tags: tagger.tag(turn.reply, lang),
        startEmotion: simulator.settings.initialEmotion,
      }),
    );
    const codes = new Set(judgement.reasons.map((reason) => reason.code));
    const cold = judgement.reasons.some((reason) => reason.code === 'mood' && reason.points < 0);
    if (codes.has('said-before')) {
      if (cold) tally.saidBeforeCold += 1;
      else tally.saidBeforeWarm += 1;
    }
    if (proposedChangeOf(turn.outcome) <= -20) tally.dropped += 1;
    if (!codes.has('last-straw')) return;
    tally.lastStraw += 1;
    tally.recordedOfLastStraw.set(turn.recorded, (tally.recordedOfLastStraw.get(turn.recorded) ?? 0) + 1);
    if (shown < show) {
      shown += 1;
      console.log(judgement.reasons.map((reason) => `${reason.code}${reason.points}`).join(' '));
    }
  },
});
const share = (value: number) => `${value} (${((100 * value) / tally.replies).toFixed(1)} %)`;
console.log(`${tally.replies} judged SAGE replies`);
console.log(
  `said-before, cold (full-step weights): ${share(tally.saidBeforeCold)}; warm: ${share(tally.saidBeforeWarm)}`,
);
console.log(
  `last-straw (below the intact floor): ${share(tally.lastStraw)}; recorded changes of those: ${[
    ...tally.recordedOfLastStraw,
  ]
    .sort((a, b) => a[0] - b[0])
    .map(([change, count]) => `${change}: ${count}`)
    .join(', ')}`,
);
console.log(`replies at −20 (any reason): ${share(tally.dropped)}`);
