import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  judgedReplies,
  readJsonlFile,
  type SimulatorMessage,
  type TranscriptRecord,
  transcriptRecordSchema,
  type UserSimulatorV1,
} from '@rlver/spec';
import { mean } from '@rlver/stats';
import {
  type JudgedReplayTurn,
  type ReplayFileResult,
  type ReplayOptions,
  replayTranscriptRecord,
} from '../src/offline/replay-transcript';

/**
 * The folder of the published SAGE transcripts beside the project (`../shared/data/sage/transcripts`, read at run
 * time, never copied; spec §1.3). Exits with status 2 and says where it looked when the folder is missing, as the
 * scripts that read it cannot run without it.
 */
export function sharedTranscriptsRoot(): string {
  const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const root = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts');
  if (!existsSync(root)) {
    process.stderr.write(`no transcripts at ${root}; this script needs the shared SAGE data (spec §1.3)\n`);
    process.exit(2);
  }
  return root;
}

/** One judged assistant reply of the shared transcripts, with where it stands and the user's messages before it. */
export interface SharedJudgedReply {
  /** `<agent folder>/<file>` it came from. */
  source: string;
  /** The whole transcript record (persona, scene, history). */
  record: TranscriptRecord;
  reply: string;
  /** The user's messages before the reply, oldest first. */
  userMessages: string[];
  /** The dialogue before the reply. */
  before: SimulatorMessage[];
}

/** Every judged reply of every shared transcript file, in a stable order (agents and files sorted). */
export function* sharedJudgedReplies(root: string = sharedTranscriptsRoot()): Generator<SharedJudgedReply> {
  for (const agent of readdirSync(root).sort()) {
    for (const file of readdirSync(join(root, agent)).filter((name) => name.endsWith('.jsonl'))) {
      for (const { value } of readJsonlFile(join(root, agent, file), transcriptRecordSchema).records) {
        for (const { before, reply } of judgedReplies(value.history)) {
          const userMessages = before.filter((entry) => entry.role === 'user').map((entry) => entry.content);
          yield { source: `${agent}/${file}`, record: value, reply, userMessages, before };
        }
      }
    }
  }
}

/** One transcript file of the shared folder: `<agent folder>/<file>` and its path. */
export interface SharedTranscriptFile {
  agent: string;
  /** The file name without `.jsonl` (the model). */
  model: string;
  path: string;
}

/** The shared transcript files, agents and files sorted; only the given agent folders when `agents` is set. */
export function sharedTranscriptFiles(
  root: string = sharedTranscriptsRoot(),
  agents?: readonly string[],
): SharedTranscriptFile[] {
  return readdirSync(root)
    .filter((agent) => agents === undefined || agents.includes(agent))
    .sort()
    .flatMap((agent) =>
      readdirSync(join(root, agent))
        .filter((file) => file.endsWith('.jsonl'))
        .sort()
        .map((file) => ({ agent, model: file.replace(/\.jsonl$/, ''), path: join(root, agent, file) })),
    );
}

/** A judged turn of a shared file (`JudgedReplayTurn`), with the file and the dialogue's line index in it. */
export interface SharedJudgedTurn extends JudgedReplayTurn {
  file: SharedTranscriptFile;
  dialogueIndex: number;
}

/**
 * The one walk of judged turns that the fidelity scripts share: every dialogue of every shared file (or of `files`),
 * replayed with `replayTranscriptRecord` (in the recorded state unless `emotionSource` says `replayed`), `visit`
 * called on each judged turn. Returns each file's replay result, in order.
 */
export async function replaySharedTranscripts(
  simulator: UserSimulatorV1,
  options: ReplayOptions & {
    files?: readonly SharedTranscriptFile[];
    visit?: (turn: SharedJudgedTurn) => void | Promise<void>;
  } = {},
): Promise<{ file: SharedTranscriptFile; result: ReplayFileResult }[]> {
  const { files = sharedTranscriptFiles(), visit, ...replay } = options;
  const results: { file: SharedTranscriptFile; result: ReplayFileResult }[] = [];
  for (const file of files) {
    const { records } = readJsonlFile(file.path, transcriptRecordSchema);
    const dialogues = [];
    for (const [dialogueIndex, { value }] of records.entries())
      dialogues.push(
        await replayTranscriptRecord(value, simulator, {
          ...replay,
          onTurn: visit ? (turn) => visit({ ...turn, file, dialogueIndex }) : undefined,
        }),
      );
    results.push({
      file,
      result: {
        dialogues,
        replayScore: mean(dialogues.map((dialogue) => dialogue.replayFinal)),
        recordedScore: mean(dialogues.map((dialogue) => dialogue.recordedFinal)),
      },
    });
  }
  return results;
}
