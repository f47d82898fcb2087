import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  judgedReplies,
  readJsonlFile,
  type SimulatorMessage,
  type TranscriptRecord,
  transcriptRecordSchema,
} from '@rlver/spec';

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
