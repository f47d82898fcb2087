/**
 * Per judged turn of every published SAGE file (read at run time from ../shared, never copied): file, dialogue, turn,
 * the recorded state (emotion, earlier changes), the offline user's score, change and reasons, the recorded change,
 * and a few form features of the reply, as JSON lines, to fit how the offline user weighs its signals:
 *   npx tsx --conditions=source packages/simulator/scripts/fidelity-turns.ts > turns.jsonl
 */
import { createRuleTagger } from '@rlver/strategies';
import { judgeInputOfState } from '../src/offline/judge-input-of-state';
import { judgeReply } from '../src/offline/judge-reply';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { readOfflineMemory } from '../src/offline/offline-state';
import { replaySharedTranscripts } from './shared-transcripts';

const simulator = createOfflineSimulator({ preset: 'sage' });
const tagger = createRuleTagger();
await replaySharedTranscripts(simulator, {
  visit({ file, record, dialogueIndex, turn, reply, recorded, state, outcome }) {
    const tags = tagger.tag(reply, state.lang);
    const input = judgeInputOfState(state, readOfflineMemory(state).memory, reply, {
      tags,
      startEmotion: simulator.settings.initialEmotion,
    });
    const judgement = judgeReply(input);
    const points: Record<string, number> = {};
    for (const reason of judgement.reasons) points[reason.code] = (points[reason.code] ?? 0) + reason.points;
    // A reply said again is judged as if it were new too, to weigh what repeating costs against the recorded judge.
    const unrepeated: Record<string, number> = {};
    if (judgement.issues.some((issue) => issue.code === 'repeated-reply')) {
      for (const reason of judgeReply({ ...input, earlierReplies: [] }).reasons)
        unrepeated[reason.code] = (unrepeated[reason.code] ?? 0) + reason.points;
    }
    console.log(
      JSON.stringify({
        file: `${file.agent}/${file.model}`,
        dialogue: record.id,
        dialogueIndex,
        turn,
        emotion: state.emotion,
        recentDeltas: input.recentDeltas,
        intention: input.intention,
        personality: input.personality,
        predicted: outcome.delta,
        proposed: outcome.state.history.at(-1)?.planning?.proposed,
        recorded,
        score: judgement.score,
        engagement: judgement.engagement,
        details: judgement.details.length,
        issues: judgement.issues.map((issue) => issue.code),
        length: reply.length,
        lastUserLength: input.lastUserMessage.length,
        questions: tags.cues.filter((cue) => cue.label === 'question').length,
        labels: tags.labels,
        points,
        unrepeated,
      }),
    );
  },
});
