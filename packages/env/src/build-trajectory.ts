import type { Rubric } from '@rlver/reward';
import type { EmotionSettings, Trajectory } from '@rlver/spec';
import type { RewardShaping } from './dialogue-env-options';
import type { EpisodeState } from './episode-state';
import { isTruncation } from './stop-predicates';

/**
 * Name of the preset whose dialogue rules the settings follow: `sage` (start 40, final reply unjudged),
 * `rlver-train` (start 30, every reply judged), else `custom`.
 */
export function inferPresetName(settings: EmotionSettings): string {
  if (settings.initialEmotion === 40 && !settings.scoreFinalReply && settings.deltaClamp === 10) return 'sage';
  if (settings.initialEmotion === 30 && settings.scoreFinalReply) return 'rlver-train';
  return 'custom';
}

/**
 * The trajectory record of an episode state (an unfinished state is recorded as `interrupted`), its reward written
 * by the rubric.
 */
export function buildTrajectory(
  state: EpisodeState,
  reward: { rubric: Rubric; shaping: RewardShaping },
  nowMs: number,
): Trajectory {
  const stopReason = state.done && state.stopReason ? state.stopReason : 'interrupted';
  const endedAtMs = state.endedAtMs ?? nowMs;
  return reward.rubric.withReward({
    schemaVersion: 1,
    episodeId: state.episodeId,
    profileId: state.profileId,
    lang: state.lang,
    seed: state.seed,
    ...(state.groupId === undefined ? {} : { groupId: state.groupId }),
    ...(state.repeat === undefined ? {} : { repeat: state.repeat }),
    preset: state.preset,
    policyId: state.policyId,
    simulatorId: state.simulatorId,
    systemPrompt: state.systemPrompt,
    opening: { ...state.opening },
    turns: state.turns.map((turn) => ({ ...turn, strategyLabels: [...turn.strategyLabels] })),
    finalEmotion: state.emotion,
    reward: 0,
    rewardShaping: reward.shaping,
    stopReason,
    truncated: isTruncation(stopReason),
    ...(state.error ? { error: { ...state.error } } : {}),
    startedAt: state.startedAt,
    durationMs: Math.max(0, endedAtMs - state.startedAtMs),
    simulatorHistory: structuredClone(state.simulator.history),
  });
}
