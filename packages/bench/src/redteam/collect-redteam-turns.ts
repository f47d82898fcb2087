import {
  detectLanguage,
  judgedReplies,
  type Language,
  languageSchema,
  profileOfTranscript,
  recordedStateAt,
  type SimulatorState,
  type TranscriptRecord,
  type UserSimulatorV1,
} from '@rlver/spec';

/** One judged reply of a recorded dialogue, with the state the simulated user judged it in. */
export interface RedTeamTurn {
  dialogueId: string;
  lang: Language;
  /** 1-based index of the reply among the dialogue's judged replies. */
  turn: number;
  /** The teacher-forced state: recorded history before the reply, recorded score, recorded earlier changes. */
  state: SimulatorState;
  /** The real (recorded) reply. */
  reply: string;
  /** The recorded change the reply got. */
  recordedChange: number;
  /** The user's messages before the reply, oldest first. */
  userMessages: string[];
  /** The profile's persona and story (`player` and `scene`). */
  storyText: string;
}

export interface CollectRedTeamTurnsOptions {
  /** Seed of the simulated user (`doStart`); both the real reply and its copies are judged under it. Default 0. */
  seed?: number;
  /** Use only the first N dialogues (in order). Default all. */
  maxDialogues?: number;
  /** Judge at most N replies per dialogue, evenly spaced over its judged replies (first and last kept). Default all. */
  maxTurnsPerDialogue?: number;
}

/** `count` indices of `total`, evenly spaced, first and last included. */
export function evenlySpaced(total: number, count: number): number[] {
  if (count >= total) return Array.from({ length: total }, (_, index) => index);
  if (count <= 0) return [];
  if (count === 1) return [0];
  return Array.from({ length: count }, (_, index) => Math.round((index * (total - 1)) / (count - 1)));
}

/** The language of a recorded dialogue: its `lang` field when valid, else detected from the scene. */
export function languageOfRecord(record: TranscriptRecord): Language {
  const parsed = languageSchema.safeParse((record as { lang?: unknown }).lang);
  return parsed.success ? parsed.data : detectLanguage(record.scene);
}

/**
 * The judged replies of recorded dialogues (SAGE result format), each with its teacher-forced state: the state
 * `replayTranscriptRecord` of @rlver/simulator judges it in, built by `recordedStateAt` of @rlver/spec.
 */
export async function collectRedTeamTurns(
  records: readonly TranscriptRecord[],
  simulator: UserSimulatorV1,
  options: CollectRedTeamTurnsOptions = {},
): Promise<RedTeamTurn[]> {
  const turns: RedTeamTurn[] = [];
  for (const record of records.slice(0, options.maxDialogues ?? records.length)) {
    const lang = languageOfRecord(record);
    const profile = { ...profileOfTranscript(record), lang };
    const { state: start } = await simulator.doStart({ profile, seed: options.seed ?? 0 });
    const replies = judgedReplies(record.history);
    const picked = evenlySpaced(replies.length, options.maxTurnsPerDialogue ?? replies.length);
    for (const position of picked) {
      const judged = replies[position];
      if (!judged) continue;
      turns.push({
        dialogueId: record.id,
        lang,
        turn: position + 1,
        state: recordedStateAt(start, judged.before),
        reply: judged.reply,
        recordedChange: judged.recorded,
        userMessages: judged.before.filter((message) => message.role === 'user').map((message) => message.content),
        storyText: `${record.player}\n${record.scene}`,
      });
    }
  }
  return turns;
}
