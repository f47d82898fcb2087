/**
 * What the red-team analysis scripts share: their flags, the dialogues they replay (zh: the SAGE transcripts judged
 * by deepseek-v3, read at run time from ../shared and never copied; en: the shipped reference dialogues), the
 * offline user's reasons for a reply in a recorded state, and one line per reason list.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type createOfflineSimulator,
  type JudgeReason,
  judgeInputOfState,
  judgeReply,
  readOfflineMemory,
} from '@rlver/simulator';
import { readJsonlFile, type SimulatorState, type TranscriptRecord, transcriptRecordSchema } from '@rlver/spec';
import type { createRuleTagger } from '@rlver/strategies';
import { loadReferenceDialogues } from '../src/redteam/reference-dialogues';

/** The value after `name` on the command line, or `fallback`. */
export function scriptFlag(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** zh: every dialogue of ../shared/data/sage/transcripts/deepseek-v3/*.jsonl (sorted by file); en: the shipped set. */
export function loadRedTeamRecords(lang: 'zh' | 'en'): TranscriptRecord[] {
  if (lang === 'en') return loadReferenceDialogues('en');
  const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const folder = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts', 'deepseek-v3');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .flatMap((file) => readJsonlFile(join(folder, file), transcriptRecordSchema).records.map((entry) => entry.value));
}

/** The offline user's reasons (codes and points) for `reply` in a recorded state. */
export function judgeReasonsOf(
  simulator: ReturnType<typeof createOfflineSimulator>,
  tagger: ReturnType<typeof createRuleTagger>,
  state: SimulatorState,
  lang: 'zh' | 'en',
  reply: string,
): JudgeReason[] {
  return judgeReply(
    judgeInputOfState(state, readOfflineMemory(state).memory, reply, {
      tags: tagger.tag(reply, lang),
      startEmotion: simulator.settings.initialEmotion,
    }),
  ).reasons;
}

/** `code+points(detail)` per reason, space-separated. */
export function formatReasons(reasons: readonly JudgeReason[]): string {
  return reasons
    .map(
      (reason) =>
        `${reason.code}${reason.points > 0 ? '+' : ''}${reason.points}${reason.detail ? `(${reason.detail})` : ''}`,
    )
    .join(' ');
}
