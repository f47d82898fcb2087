import {
  bandOf,
  InvalidInputError,
  judgedReplies,
  profileOfTranscript,
  proposedChangeOf,
  readJsonlFile,
  recordedStateAt,
  type SimulatorState,
  type SimulatorTurnResult,
  type TranscriptRecord,
  transcriptRecordSchema,
  type UserSimulatorV1,
} from '@rlver/spec';
import { EMOTION_PRESETS } from '../emotion/emotion-presets';

// The SAGE record, its profile, recorded changes and the teacher-forced state live in @rlver/spec, shared with the
// red-team suite of @rlver/bench; re-exported here for existing callers.
export {
  profileOfTranscript,
  recordedChange,
  recordedStateAt,
  type TranscriptRecord,
  transcriptRecordSchema,
} from '@rlver/spec';

import { mean } from '@rlver/stats';

/** One judged turn: the offline user's change and the recorded one (`planning.change` of the next user message). */
export interface ReplayTurn {
  profileId: string;
  /** 1-based index of the assistant reply in the dialogue. */
  turn: number;
  predicted: number;
  recorded: number;
}

export interface ReplayDialogue {
  profileId: string;
  turns: ReplayTurn[];
  /** Final emotion from applying the predicted changes along the recorded turns (sage rules). */
  replayFinal: number;
  /** The recorded final `emo_point`. */
  recordedFinal: number;
}

export interface ReplayOptions {
  /**
   * State the simulated user is in when judging each reply. `recorded` (default, teacher forcing): the recorded
   * score and recorded earlier changes at that turn, i.e. the recorded history as it stands. `replayed`: its own
   * running score (start 40, its predicted changes applied), only the texts being recorded.
   */
  emotionSource?: 'replayed' | 'recorded';
  /** Seed of the simulated user (default 0). */
  seed?: number;
  /**
   * Called after each judged turn with the state the reply was judged in and what the simulated user made of it:
   * the one walk of judged turns that the fidelity scripts share (report, per-turn dump, per-reason dump).
   */
  onTurn?: (turn: JudgedReplayTurn) => void | Promise<void>;
}

/** One judged turn as `replayTranscriptRecord` walks it (see `ReplayOptions.onTurn`). */
export interface JudgedReplayTurn {
  record: TranscriptRecord;
  /** 1-based index of the assistant reply in the dialogue. */
  turn: number;
  reply: string;
  /** The recorded judge's change (`planning.change` of the next user message). */
  recorded: number;
  /** The state the reply was judged in (recorded or replayed, per `emotionSource`). */
  state: SimulatorState;
  /** What `doRespond` returned. */
  outcome: SimulatorTurnResult;
  /** The simulated user's change, clamped to ±10. */
  predicted: number;
}

/** Apply changes under the sage rules: start 40, clamp ±10, cap 100, stop at ≥ 100 or < 10. */
export function applySageDeltas(deltas: readonly number[]): number {
  const sage = EMOTION_PRESETS.sage;
  let emotion = sage.initialEmotion;
  for (const delta of deltas) {
    emotion = Math.min(emotion + Math.max(-10, Math.min(10, delta)), sage.cap);
    if (emotion >= 100 || emotion < 10) break;
  }
  return emotion;
}

/**
 * Feed every judged assistant turn of a recorded dialogue, with its recorded history and profile, to a
 * simulated user and collect its change beside the recorded one. Unjudged replies (the unscored last one)
 * are skipped.
 */
export async function replayTranscriptRecord(
  record: TranscriptRecord,
  simulator: UserSimulatorV1,
  options: ReplayOptions = {},
): Promise<ReplayDialogue> {
  const profile = profileOfTranscript(record);
  let { state } = await simulator.doStart({ profile, seed: options.seed ?? 0 });
  const turns: ReplayTurn[] = [];
  const teacherForced = (options.emotionSource ?? 'recorded') === 'recorded';
  for (const { before, reply, recorded } of judgedReplies(record.history)) {
    const judged = teacherForced
      ? { ...recordedStateAt(state, before), turn: state.turn }
      : { ...state, history: before, band: bandOf(state.emotion) };
    const outcome = await simulator.doRespond({ state: judged, reply });
    const predicted = Math.max(-10, Math.min(10, proposedChangeOf(outcome)));
    turns.push({ profileId: record.id, turn: turns.length + 1, predicted, recorded });
    await options.onTurn?.({ record, turn: turns.length, reply, recorded, state: judged, outcome, predicted });
    state = outcome.state;
  }
  return {
    profileId: record.id,
    turns,
    replayFinal: applySageDeltas(turns.map((turn) => turn.predicted)),
    recordedFinal: record.emo_point,
  };
}

export interface ReplayFileResult {
  dialogues: ReplayDialogue[];
  /** Mean `replayFinal` over the dialogues. */
  replayScore: number;
  /** Mean recorded final `emo_point` (the benchmark score of the file). */
  recordedScore: number;
}

/** Replay every line of a SAGE result file (spec §7.3). Bad lines throw naming file, line and field. */
export async function replayTranscriptFile(
  file: string,
  simulator: UserSimulatorV1,
  options: ReplayOptions = {},
): Promise<ReplayFileResult> {
  const { records } = readJsonlFile(file, transcriptRecordSchema);
  if (records.length === 0) throw new InvalidInputError({ file, message: 'no transcripts in the file' });
  const dialogues: ReplayDialogue[] = [];
  for (const { value } of records) dialogues.push(await replayTranscriptRecord(value, simulator, options));
  return {
    dialogues,
    replayScore: mean(dialogues.map((dialogue) => dialogue.replayFinal)),
    recordedScore: mean(dialogues.map((dialogue) => dialogue.recordedFinal)),
  };
}
