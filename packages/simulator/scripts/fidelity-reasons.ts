/**
 * Per judged turn of the published SAGE DeepSeek-V3 files (read at run time from ../shared, never copied): the model,
 * the offline user's change and the recorded one, and the points of every reason the offline user gave, as JSON lines,
 * to find what the offline user over- or under-rates against the recorded judge:
 *   npx tsx --conditions=source packages/simulator/scripts/fidelity-reasons.ts > reasons.jsonl
 */
import { createRuleTagger } from '@rlver/strategies';
import { judgeInputOfState } from '../src/offline/judge-input-of-state';
import { judgeReply } from '../src/offline/judge-reply';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { readOfflineMemory } from '../src/offline/offline-state';
import { replaySharedTranscripts, sharedTranscriptFiles } from './shared-transcripts';

const simulator = createOfflineSimulator({ preset: 'sage' });
const tagger = createRuleTagger();
await replaySharedTranscripts(simulator, {
  files: sharedTranscriptFiles(undefined, ['deepseek-v3']),
  visit({ file, record, turn, reply, recorded, state, outcome }) {
    const tags = tagger.tag(reply, 'zh');
    const judgement = judgeReply(
      judgeInputOfState(state, readOfflineMemory(state).memory, reply, {
        tags,
        startEmotion: simulator.settings.initialEmotion,
      }),
    );
    const points: Record<string, number> = {};
    for (const reason of judgement.reasons) points[reason.code] = (points[reason.code] ?? 0) + reason.points;
    console.log(
      JSON.stringify({
        model: file.model,
        dialogue: record.id,
        turn,
        predicted: outcome.delta,
        recorded,
        score: judgement.score,
        length: reply.length,
        labels: tags.labels,
        points,
      }),
    );
  },
});
