import {
  InvalidInputError,
  type Profile,
  readJsonlFile,
  type SimulatorMessage,
  type SimulatorState,
  simulatorMessageSchema,
  type UserSimulatorV1,
} from '@rlver/spec';
import { z } from 'zod';
import { bandOf } from '../emotion/emotion-model';
import { EMOTION_PRESETS } from '../emotion/emotion-presets';

/** One line of a SAGE result file (spec §7.3): the final state of one dialogue. */
export const transcriptRecordSchema = z
  .object({
    id: z.string().min(1),
    emo_point: z.number(),
    player: z.string(),
    scene: z.string(),
    character: z.string().optional(),
    main_cha: z.string().optional(),
    cha_group: z.array(z.string()).optional(),
    topic: z.string().optional(),
    task: z.string(),
    history: z.array(simulatorMessageSchema),
  })
  .loose();
export type TranscriptRecord = z.infer<typeof transcriptRecordSchema>;

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
}

/** Parse `planning.change` (integer or text such as "-5") of a recorded user message. */
export function recordedChange(message: SimulatorMessage | undefined): number | undefined {
  const change = message?.planning?.change;
  if (typeof change === 'number' && Number.isFinite(change)) return change;
  if (typeof change === 'string') {
    const match = /[+-]?\d+/.exec(change);
    return match ? Number(match[0]) : undefined;
  }
  return undefined;
}

/** The profile a transcript line was run with (`character` → `main_cha`, opener → `first_talk`). */
export function profileOfTranscript(record: TranscriptRecord): Profile {
  return {
    id: record.id,
    player: record.player,
    scene: record.scene,
    main_cha: record.main_cha ?? record.character ?? '',
    cha_group: record.cha_group ?? [],
    task: record.task,
    first_talk: record.history[0]?.role === 'user' ? record.history[0].content : undefined,
    topic: record.topic,
  };
}

/** Teacher forcing: the offline user's memory of earlier changes = the recorded ones. */
function withRecordedDeltas(extra: Record<string, unknown>, before: readonly SimulatorMessage[]) {
  const memory = extra.offline;
  if (typeof memory !== 'object' || memory === null) return extra;
  const deltas = before.map(recordedChange).filter((change): change is number => change !== undefined);
  return { ...extra, offline: { ...memory, deltas } };
}

/**
 * The state a simulated user is in just before judging the reply that follows `before` in a recorded dialogue
 * (teacher forcing): the recorded history, the recorded score of the last user message, and — for the offline
 * user — the recorded earlier changes as its memory. `start` is the state `doStart` returned for the profile.
 */
export function recordedStateAt(start: SimulatorState, before: readonly SimulatorMessage[]): SimulatorState {
  const lastUser = [...before].reverse().find((entry) => entry.role === 'user');
  const emotion = lastUser?.['emotion-point'] ?? start.emotion;
  return {
    ...start,
    history: [...before],
    emotion,
    band: bandOf(emotion),
    turn: before.filter((entry) => entry.role === 'assistant').length,
    extra: withRecordedDeltas(start.extra, before),
  };
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
  for (let index = 1; index < record.history.length; index += 1) {
    const message = record.history[index] as SimulatorMessage;
    const recorded = recordedChange(record.history[index + 1]);
    if (message.role !== 'assistant' || recorded === undefined) continue;
    const before = record.history.slice(0, index);
    const judged = teacherForced
      ? { ...recordedStateAt(state, before), turn: state.turn }
      : { ...state, history: before, band: bandOf(state.emotion) };
    const outcome = await simulator.doRespond({ state: judged, reply: message.content });
    const proposed = outcome.state.history.at(-1)?.planning?.proposed;
    const predicted = typeof proposed === 'number' ? Math.max(-10, Math.min(10, proposed)) : outcome.delta;
    turns.push({ profileId: record.id, turn: turns.length + 1, predicted, recorded });
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
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    dialogues,
    replayScore: mean(dialogues.map((dialogue) => dialogue.replayFinal)),
    recordedScore: mean(dialogues.map((dialogue) => dialogue.recordedFinal)),
  };
}
