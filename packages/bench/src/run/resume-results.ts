import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  appendJsonlLine,
  parseJsonl,
  type RunIdentity,
  readUtf8File,
  safeParseJSON,
  type Trajectory,
  trajectorySchema,
} from '@rlver/spec';
import { checkRunIdentity } from './check-run-identity';
import { episodeKey, loadResultsForResume, writeFileAtomic } from './results-files';

/** What a benchmark run finds in its results file. */
export interface ResumedResults {
  /** Finished, non-errored dialogues of this run, by episode key. */
  finished: Map<string, Trajectory>;
  /** Dialogues that had only errored records: they run again (`errored.jsonl` keeps the old records). */
  redone: number;
  /** Torn lines inside the file (not only at its end) moved to `unreadable-lines.txt`; their dialogues run again. */
  setAside: number;
}

/**
 * Move every line that is not JSON, save a torn last line, out of the results file into `unreadable`, and rewrite
 * the file without them. Such a line is a write that a crash cut off and a later run appended after (a torn line
 * in the middle); the dialogue it held is then simply not finished, and runs again. Returns how many were moved.
 */
function setAsideTornLines(files: { results: string; unreadable: string }): number {
  if (!existsSync(files.results)) return 0;
  const text = readUtf8File(files.results);
  const lines = text.split('\n');
  // The last piece is '' for a complete file, else a torn tail (cut by loadResultsForResume).
  const complete = lines.slice(0, -1);
  const torn = complete.filter((line) => line.trim() !== '' && !safeParseJSON(line).success);
  if (torn.length === 0) return 0;
  for (const line of torn) appendFileSync(files.unreadable, `${line}\n`);
  const kept = complete.filter((line) => line.trim() !== '' && safeParseJSON(line).success);
  const tail = lines.at(-1) ?? '';
  writeFileAtomic(files.results, `${kept.map((line) => `${line}\n`).join('')}${tail}`);
  return torn.length;
}

/**
 * Read a results file for a (re)run: set aside torn lines inside it (`setAsideTornLines`), cut a torn last line, refuse another run's results (`checkRunIdentity`), and
 * take errored dialogues out of the file so that they run again — an errored dialogue is never final. Their
 * lines move to `errored.jsonl` (appended first, then `results.jsonl` is rewritten atomically), so the results
 * file keeps at most one record per dialogue and no failure is forgotten.
 */
export function resumeResults(
  files: { results: string; errored: string; unreadable: string },
  scope: { inScope: (trajectory: Trajectory) => boolean; identity: RunIdentity },
): ResumedResults {
  const setAside = setAsideTornLines(files);
  loadResultsForResume(files.results);
  const text = (() => {
    try {
      return readFileSync(files.results, 'utf8');
    } catch {
      return '';
    }
  })();
  const { records } = parseJsonl(text, trajectorySchema, { file: files.results });
  checkRunIdentity(
    records.map((record) => record.value),
    scope.identity,
    files.results,
  );
  const finished = new Map<string, Trajectory>();
  const keyOf = (trajectory: Trajectory) => episodeKey(trajectory.profileId, trajectory.repeat ?? 0);
  for (const { value } of records) {
    if (scope.inScope(value) && value.stopReason !== 'error' && !finished.has(keyOf(value))) {
      finished.set(keyOf(value), value);
    }
  }
  const erroredLines = new Set<number>();
  const redoneKeys = new Set<string>();
  for (const { line, value } of records) {
    if (!scope.inScope(value) || value.stopReason !== 'error') continue;
    erroredLines.add(line);
    if (!finished.has(keyOf(value))) redoneKeys.add(keyOf(value));
  }
  if (erroredLines.size > 0) {
    const lines = text.split('\n');
    for (const line of erroredLines)
      appendJsonlLine(files.errored, records.find((record) => record.line === line)?.value);
    const kept = lines.filter((_, index) => !erroredLines.has(index + 1) && (lines[index] ?? '').trim() !== '');
    writeFileAtomic(files.results, kept.length === 0 ? '' : `${kept.join('\n')}\n`);
  }
  return { finished, redone: redoneKeys.size, setAside };
}
