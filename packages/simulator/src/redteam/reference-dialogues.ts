import { join } from 'node:path';
import { type Language, readJsonlFile } from '@rlver/spec';
import { type TranscriptRecord, transcriptRecordSchema } from '../offline/replay-transcript';
import { simulatorPackageRoot } from '../profiles/scenario-set';

/** Path of the shipped reference dialogues of a language (`<package>/redteam/reference-dialogues-<lang>.jsonl`). */
export function referenceDialoguesPath(lang: Language): string {
  return join(simulatorPackageRoot(), 'redteam', `reference-dialogues-${lang}.jsonl`);
}

/**
 * Recorded dialogues on the project's own test scenarios, in the SAGE result format, whose assistant replies are
 * good, grounded replies (made by `scripts/make-reference-dialogues.ts`): the real replies the red-team suite
 * attacks where no published transcripts exist (en) and a second zh set.
 */
export function loadReferenceDialogues(lang: Language): TranscriptRecord[] {
  return readJsonlFile(referenceDialoguesPath(lang), transcriptRecordSchema).records.map((entry) => entry.value);
}
