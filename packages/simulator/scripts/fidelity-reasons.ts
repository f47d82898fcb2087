/**
 * Per judged turn of the published SAGE DeepSeek-V3 files (read at run time from ../shared, never copied): the model,
 * the offline user's change and the recorded one, and the points of every reason the offline user gave, as JSON lines,
 * to find what the offline user over- or under-rates against the recorded judge:
 *   npx tsx --conditions=source packages/simulator/scripts/fidelity-reasons.ts > reasons.jsonl
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  judgedReplies,
  profileOfTranscript,
  readJsonlFile,
  recordedStateAt,
  transcriptRecordSchema,
} from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { judgeInputOfState } from '../src/offline/judge-input-of-state';
import { judgeReply } from '../src/offline/judge-reply';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { readOfflineMemory } from '../src/offline/offline-state';
import { sharedTranscriptsRoot } from './shared-transcripts';

const root = join(sharedTranscriptsRoot(), 'deepseek-v3');
const simulator = createOfflineSimulator({ preset: 'sage' });
const tagger = createRuleTagger();
for (const file of readdirSync(root)
  .filter((name) => name.endsWith('.jsonl'))
  .sort()) {
  for (const { value } of readJsonlFile(join(root, file), transcriptRecordSchema).records) {
    const { state: start } = await simulator.doStart({ profile: profileOfTranscript(value), seed: 0 });
    for (const [index, judged] of judgedReplies(value.history).entries()) {
      const state = recordedStateAt(start, judged.before);
      const result = await simulator.doRespond({ state, reply: judged.reply });
      const tags = tagger.tag(judged.reply, 'zh');
      const judgement = judgeReply(
        judgeInputOfState(state, readOfflineMemory(state).memory, judged.reply, {
          tags,
          startEmotion: simulator.settings.initialEmotion,
        }),
      );
      const points: Record<string, number> = {};
      for (const reason of judgement.reasons) points[reason.code] = (points[reason.code] ?? 0) + reason.points;
      console.log(
        JSON.stringify({
          model: file.replace('.jsonl', ''),
          dialogue: value.id,
          turn: index + 1,
          predicted: result.delta,
          recorded: judged.recorded,
          score: judgement.score,
          length: judged.reply.length,
          labels: tags.labels,
          points,
        }),
      );
    }
  }
}
