import {
  createOfflineSimulator,
  type Judgement,
  judgeInputOfState,
  judgeReply,
  readOfflineMemory,
} from '@rlver/simulator';
import type { Language } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { collectRedTeamTurns } from './collect-redteam-turns';
import { loadReferenceDialogues } from './reference-dialogues';

/**
 * Every shipped reference reply of `lang`, judged by the offline user (preset sage) in the state it was recorded in,
 * with its rule-tagger strategies: the calibration set a judge change is checked against.
 */
export async function judgeReferenceTurns(lang: Language): Promise<{ reply: string; judged: Judgement }[]> {
  const simulator = createOfflineSimulator({ preset: 'sage' });
  const tagger = createRuleTagger();
  const turns = await collectRedTeamTurns(loadReferenceDialogues(lang), simulator);
  return turns.map((turn) => {
    const { memory } = readOfflineMemory(turn.state);
    const judged = judgeReply(
      judgeInputOfState(turn.state, memory, turn.reply, {
        tags: tagger.tag(turn.reply, lang),
        startEmotion: simulator.settings.initialEmotion,
      }),
    );
    return { reply: turn.reply, judged };
  });
}
