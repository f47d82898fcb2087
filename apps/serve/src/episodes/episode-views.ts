import type { EpisodeState, StepResult } from '@rlver/env';
import { terminalReward } from '@rlver/reward';
import type { EpisodeStart, EpisodeView, StepResponse } from '../api/rest-schemas';
import type { EpisodeRecord } from '../store/episode-record';

/** The user's latest message of a state, or null when the dialogue ended on an unanswered reply. */
function lastUserMessage(state: EpisodeState): string | null {
  const last = state.messages[state.messages.length - 1];
  return last?.role === 'user' ? last.content : null;
}

/** Answer of create and fork. */
export function toEpisodeStart(record: EpisodeRecord): EpisodeStart {
  const content = lastUserMessage(record.state);
  return {
    episode_id: record.id,
    observation: content === null ? null : { role: 'user', content },
    emotion: record.state.emotion,
    done: record.state.done,
    scenario_id: record.scenarioId,
    seed: record.state.seed,
    group_id: record.state.groupId ?? null,
    system_prompt: record.state.systemPrompt,
  };
}

/** Answer of a step: the simulated user's reply, the terminal reward when done, the turn's emotion in `info`. */
export function toStepResponse(result: StepResult): StepResponse {
  return {
    observation: result.userMessage === null ? null : { role: 'user', content: result.userMessage },
    reward: result.done ? terminalReward(result.state.emotion) : 0,
    done: result.done,
    info: {
      emotion: result.emotion,
      delta: result.delta,
      turn: result.state.turns.length,
      end_reason: result.stopReason ?? null,
      inner_thoughts: result.innerThoughts,
    },
  };
}

/** `GET /v1/episodes/{id}`: transcript, emotion trajectory and status. */
export function toEpisodeView(record: EpisodeRecord): EpisodeView {
  const { state } = record;
  return {
    episode_id: record.id,
    status: state.done ? 'done' : 'active',
    done: state.done,
    scenario_id: record.scenarioId,
    seed: state.seed,
    group_id: state.groupId ?? null,
    preset: state.preset,
    lang: state.lang,
    system_prompt: state.systemPrompt,
    transcript: state.messages
      .filter((message) => message.role === 'user' || message.role === 'assistant')
      .map((message) => ({ role: message.role as 'user' | 'assistant', content: message.content })),
    emotion: state.emotion,
    emotion_trajectory: [state.opening.emotion, ...state.turns.map((turn) => turn.emotion)],
    turn: state.turns.length,
    end_reason: state.stopReason ?? null,
    reward: state.done ? terminalReward(state.emotion) : null,
    created_at: new Date(record.createdAtMs).toISOString(),
    last_active_at: new Date(record.lastActiveAtMs).toISOString(),
  };
}
