import { classifyIntention, type SimulatorState } from '@rlver/spec';
import type { JudgeInput } from './judge-reply';
import type { OfflineMemory } from './offline-state';
import { personalityOf } from './story-index';

/**
 * What the offline user's judgement of `reply` looks at in `state`: the one place that maps a simulator state (and its
 * offline memory) to a {@link JudgeInput}, shared by the simulator and the analysis scripts.
 */
export function judgeInputOfState(
  state: SimulatorState,
  memory: OfflineMemory,
  reply: string,
  options: { tags: JudgeInput['tags']; startEmotion?: number },
): JudgeInput {
  const userMessages = state.history.filter((message) => message.role === 'user').map((message) => message.content);
  return {
    reply,
    lang: state.lang,
    intention: state.profile.intention ?? classifyIntention(state.profile.task),
    personality: personalityOf(state.profile),
    story: memory.story,
    earlierReplies: state.history.filter((message) => message.role === 'assistant').map((message) => message.content),
    lastUserMessage: userMessages.at(-1) ?? '',
    userMessages,
    dialogueText: [state.profile.player, state.profile.scene, ...state.history.map((message) => message.content)].join(
      '\n',
    ),
    storyText: `${state.profile.player}\n${state.profile.scene}`,
    emotion: state.emotion,
    startEmotion: options.startEmotion,
    recentDeltas: memory.deltas,
    tags: options.tags,
  };
}
