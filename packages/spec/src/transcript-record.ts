import { z } from 'zod';
import type { Profile } from './profile';
import { type SimulatorMessage, simulatorMessageSchema } from './user-simulator-v1';

/** One line of a SAGE result file (spec §7.3), read leniently: the final state of one recorded dialogue. */
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

/** One assistant reply of a recorded dialogue that the recorded user judged. */
export interface JudgedReply {
  /** Index of the reply in `history`. */
  index: number;
  reply: string;
  /** The recorded history before the reply. */
  before: SimulatorMessage[];
  /** The recorded change (`planning.change` of the user message answering it). */
  recorded: number;
}

/** The judged replies of a recorded history, in order; the unscored last reply (no change after it) is left out. */
export function judgedReplies(history: readonly SimulatorMessage[]): JudgedReply[] {
  const replies: JudgedReply[] = [];
  for (let index = 1; index < history.length; index += 1) {
    const message = history[index] as SimulatorMessage;
    const recorded = recordedChange(history[index + 1]);
    if (message.role !== 'assistant' || recorded === undefined) continue;
    replies.push({ index, reply: message.content, before: history.slice(0, index), recorded });
  }
  return replies;
}
