import {
  createOfflineSimulator,
  type JudgeReason,
  judgeInputOfState,
  judgeReply,
  readOfflineMemory,
} from '@rlver/simulator';
import { type Language, proposedChangeOf, recordedStateAt, type SimulatorMessage } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import type { CorpusDialogue, ReplyKind } from '../corpus/corpus-types';
import { profileOfCorpusDialogue } from './corpus-judge-profile';

/** The offline user's verdict on one corpus reply, judged in the dialogue's state just before it. */
export interface JudgedCorpusReply {
  dialogueId: string;
  lang: Language;
  strategy: string;
  kind: ReplyKind;
  /** The reply without its think block. */
  reply: string;
  /** The change the offline user proposed (before clamps), as the RL reward sees it. */
  change: number;
  /** Why it sank to the floor: an integrity issue code (`slot-template`, `not-for-me`, …), `not-my-story`, `garbled`; '' when it did not. */
  sunk: string;
  reasons: JudgeReason[];
  innerThoughts: string;
}

/** The reply a corpus message holds once its `<think>…</think>` block (thinking dialogues) is taken off. */
export function withoutThink(content: string): string {
  return content.replace(/^<think>[\s\S]*?<\/think>\s*/, '');
}

/**
 * Judge every assistant reply of the corpus dialogues with `@rlver/simulator`'s offline user (preset `sage`): each
 * dialogue gets a profile whose hidden story is its own (`profileOfCorpusDialogue`), and each reply is replayed in
 * the recorded state before it (teacher forcing, the user's emotion held at the start value), as the rejudge
 * scripts do for benchmark transcripts.
 */
export async function judgeCorpusReplies(dialogues: readonly CorpusDialogue[]): Promise<JudgedCorpusReply[]> {
  const simulator = createOfflineSimulator({ preset: 'sage' });
  const tagger = createRuleTagger();
  const judged: JudgedCorpusReply[] = [];
  for (const dialogue of dialogues) {
    const profile = profileOfCorpusDialogue(dialogue);
    const { state: start } = await simulator.doStart({ profile, seed: 0 });
    const history: SimulatorMessage[] = [];
    let replyIndex = 0;
    for (const message of dialogue.messages) {
      if (message.role === 'system') continue;
      if (message.role === 'user') {
        history.push({ role: 'user', content: message.content, 'emotion-point': start.emotion });
        continue;
      }
      const reply = withoutThink(message.content);
      const state = recordedStateAt(start, history);
      const judgement = judgeReply(
        judgeInputOfState(state, readOfflineMemory(state).memory, reply, {
          tags: tagger.tag(reply, dialogue.lang),
          startEmotion: simulator.settings.initialEmotion,
        }),
      );
      const outcome = await simulator.doRespond({ state, reply });
      const sunk = judgement.garbled
        ? 'garbled'
        : (judgement.issues[0]?.code ?? (judgement.engagement === undefined ? 'not-my-story' : ''));
      judged.push({
        dialogueId: dialogue.id,
        lang: dialogue.lang,
        strategy: dialogue.strategies[replyIndex] ?? 'other',
        kind: dialogue.replyKinds[replyIndex] ?? 'story',
        reply,
        change: proposedChangeOf(outcome),
        sunk,
        reasons: judgement.reasons,
        innerThoughts: outcome.innerThoughts,
      });
      history.push({ role: 'assistant', content: reply });
      replyIndex += 1;
    }
  }
  return judged;
}
