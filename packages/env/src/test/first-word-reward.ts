import type { DialoguePolicyV1, EmotionSettings, Trajectory } from '@rlver/spec';
import { runEpisode } from '../run-episode';
import { createScriptedUserSimulator, type ScriptedUserSimulator } from './create-scripted-user-simulator';
import { createTestProfile } from './scripted-settings';

/** Two judged replies, no early stops: the reward is (30 + 35 · replies whose first word is "A") / 100. */
const FIRST_WORD_SETTINGS: EmotionSettings = {
  initialEmotion: 30,
  deltaClamp: null,
  cap: 100,
  lowerClamp: null,
  ceilingStop: null,
  floorStop: null,
  goodbyeStop: false,
  maxPolicyTurns: 2,
  scoreFinalReply: true,
};

/**
 * A scripted user that pays 35 points for every reply whose first word is "A" and nothing otherwise, over two
 * judged replies: the smallest dialogue task an RL algorithm must learn through real episodes.
 */
export function createFirstWordRewardUser(): ScriptedUserSimulator {
  return createScriptedUserSimulator({
    settings: FIRST_WORD_SETTINGS,
    opening: 'hi',
    turns: (reply) => ({ message: 'ok', delta: reply.split(' ')[0] === 'A' ? 35 : 0 }),
  });
}

/**
 * `groups × groupSize` episodes of `policy` with `simulator`, run concurrently: the members of group g share
 * the profile `profile-g` and the group id `g<step>-<g>`; episode i of the step has seed `step · 100 + i`.
 */
export function runGroupedEpisodes(options: {
  simulator: ScriptedUserSimulator;
  policy: DialoguePolicyV1;
  step: number;
  groups: number;
  groupSize: number;
}): Promise<Trajectory[]> {
  const { simulator, policy, step, groups, groupSize } = options;
  return Promise.all(
    Array.from({ length: groups * groupSize }, (_, index) => {
      const group = Math.floor(index / groupSize);
      return runEpisode({
        simulator,
        policy,
        profile: createTestProfile({ id: `profile-${group}` }),
        seed: step * 100 + index,
        episodeId: `e${step}-${index}`,
        groupId: `g${step}-${group}`,
      });
    }),
  );
}
