import { join } from 'node:path';
import {
  InvalidConfigError,
  type Language,
  packageRootOf,
  readJsonlFile,
  type TranscriptRecord,
  transcriptRecordSchema,
} from '@rlver/spec';

/** Path of the shipped reference dialogues of a language (`<package>/redteam/reference-dialogues-<lang>.jsonl`). */
export function referenceDialoguesPath(lang: Language): string {
  if (lang !== 'zh' && lang !== 'en') {
    throw new InvalidConfigError({ field: '--scenarios', message: `unknown language "${String(lang)}"; use zh or en` });
  }
  return join(
    packageRootOf(import.meta.url, 'redteam', '@rlver/bench'),
    'redteam',
    `reference-dialogues-${lang}.jsonl`,
  );
}

/**
 * Recorded dialogues on the project's own test scenarios (the first 24 of `scenarios/<lang>/test.jsonl` of
 * @rlver/simulator), in the SAGE result format. Their assistant replies are written by hand for each scenario,
 * grounded in its people and events and in the user's last message; the user turns were recorded from the offline
 * simulated user (`scripts/make-reference-dialogues.ts`). They are the real replies the suite attacks where no
 * published transcripts exist.
 */
export function loadReferenceDialogues(lang: Language): TranscriptRecord[] {
  return readJsonlFile(referenceDialoguesPath(lang), transcriptRecordSchema).records.map((entry) => entry.value);
}
