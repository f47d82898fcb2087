import type { Profile, SimulatorMessage, Trajectory, TrajectoryTurn } from '@rlver/spec';
import { bandOf } from '@rlver/spec';
import { lastEmotionPoint, type SageEmotionState, type SageResultRecord } from './sage-result-record';

export interface TrajectoryToSageRecordOptions {
  /** Append run metadata (`schemaVersion`, `episodeId`, `stopReason`, `policyId`, `simulatorId`, `preset`) after `history`. */
  extras?: boolean;
  /** Goal mode written to `target`. Default `eq`. */
  target?: string;
}

function assistantMessage(turn: TrajectoryTurn): SimulatorMessage {
  return turn.think === null
    ? { role: 'assistant', content: turn.reply }
    : { role: 'assistant', content: turn.reply, think: turn.think };
}

function historyFromTurns(trajectory: Trajectory): SimulatorMessage[] {
  const history: SimulatorMessage[] = [
    { role: 'user', content: trajectory.opening.message, 'emotion-point': trajectory.opening.emotion },
  ];
  for (const turn of trajectory.turns) {
    if (turn.reply === '') continue;
    history.push(assistantMessage(turn));
    if (turn.scored && turn.userMessage !== null) {
      const user: SimulatorMessage = { role: 'user', content: turn.userMessage, 'emotion-point': turn.emotion };
      history.push(turn.innerThoughts === '' ? user : { ...user, thinking: turn.innerThoughts });
    }
  }
  return history;
}

/**
 * The simulator's own history (analyses kept), with `think` added to the assistant messages and the replies it
 * never judged (the unscored final reply, a reply whose judgement failed) appended. Falls back to rebuilding
 * from the turns when the simulator history does not line up with them.
 */
function historyOf(trajectory: Trajectory): SimulatorMessage[] {
  const simulatorHistory = trajectory.simulatorHistory;
  const scored = trajectory.turns.filter((turn) => turn.scored);
  const assistants = simulatorHistory?.filter((message) => message.role === 'assistant').length;
  if (!simulatorHistory || simulatorHistory.length === 0 || assistants !== scored.length) {
    return historyFromTurns(trajectory);
  }
  let assistantIndex = 0;
  const history = simulatorHistory.map((message) => {
    if (message.role !== 'assistant') return { ...message };
    const turn = scored[assistantIndex];
    assistantIndex += 1;
    return turn?.think == null ? { ...message } : { ...message, think: turn.think };
  });
  for (const turn of trajectory.turns) {
    if (!turn.scored && turn.reply !== '') history.push(assistantMessage(turn));
  }
  return history;
}

/**
 * Export a trajectory as one line of a reference SAGE result file (spec §7.3). Keys come in the reference order;
 * `emo_point` is the last user message's `"emotion-point"` (the invariant every published record keeps).
 */
export function trajectoryToSageRecord(
  trajectory: Trajectory,
  profile: Profile,
  options: TrajectoryToSageRecordOptions = {},
): SageResultRecord {
  const history = historyOf(trajectory);
  const emotion = lastEmotionPoint(history) ?? trajectory.finalEmotion;
  const record: SageResultRecord = {
    id: profile.id,
    emo_point: emotion,
    emo_state: `Emotion-${bandOf(emotion)}` as SageEmotionState,
    target: options.target ?? 'eq',
    player: profile.player,
    scene: profile.scene,
    character: profile.main_cha,
    topic: profile.topic ?? '',
    task: profile.task,
    history,
  };
  if (!options.extras) return record;
  return {
    ...record,
    schemaVersion: 1,
    episodeId: trajectory.episodeId,
    stopReason: trajectory.stopReason,
    policyId: trajectory.policyId,
    simulatorId: trajectory.simulatorId,
    preset: trajectory.preset,
  };
}
