import {
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import {
  createJsonlAppender,
  InvalidInputError,
  readCompleteJsonl,
  safeParseJSON,
  type Trajectory,
  trajectorySchema,
} from '@rlver/spec';
import { type BenchmarkSummary, benchmarkSummarySchema } from '../summary/benchmark-summary';

/** File names inside a benchmark output directory. */
export const RESULT_FILES = {
  /** Trajectories, one JSON line each, append-only. */
  results: 'results.jsonl',
  /** The same episodes in the SAGE reference format (derived; rewritten at the end of a run). */
  sageResults: 'sage-results.jsonl',
  summary: 'summary.json',
  /** Errored dialogues taken out of `results.jsonl` when a rerun redoes them (append-only history). */
  errored: 'errored.jsonl',
  /** Torn lines found inside `results.jsonl` on a rerun (raw text; their dialogues ran again). */
  unreadable: 'unreadable-lines.txt',
  /** Per-dialogue capability scores of the optional judge. */
  judge: 'judge.json',
  report: 'report.html',
} as const;

/** Identity of one benchmark episode in a results file: its profile and repeat. */
export const episodeKey = (profileId: string, repeat: number) => `${profileId}\u0000${repeat}`;

/** Paths of the files of one output directory. */
export function resultPaths(outDir: string): Record<keyof typeof RESULT_FILES, string> {
  return Object.fromEntries(Object.entries(RESULT_FILES).map(([key, name]) => [key, join(outDir, name)])) as Record<
    keyof typeof RESULT_FILES,
    string
  >;
}

/**
 * Load the finished trajectories of a results file for resuming. A torn last line (crash mid-write) is cut off
 * the file so that the next append starts on a fresh line.
 */
export function loadResultsForResume(file: string): { trajectories: Trajectory[]; tornLine: boolean } {
  const { records, tornLine } = readCompleteJsonl(file, trajectorySchema);
  if (tornLine) {
    const bytes = readFileSync(file);
    const completeLength = bytes.lastIndexOf(0x0a) + 1;
    const descriptor = openSync(file, 'r+');
    try {
      ftruncateSync(descriptor, completeLength);
    } finally {
      closeSync(descriptor);
    }
  }
  return { trajectories: records, tornLine };
}

/** Write a file atomically (temporary file + rename), so readers never see half of it. */
export function writeFileAtomic(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** A benchmark output directory read back: its trajectories and, when present, its summary. */
export interface RunDirectory {
  directory: string;
  /** The summary's label, else the directory name. */
  label: string;
  trajectories: Trajectory[];
  summary: BenchmarkSummary | undefined;
}

/** Read a benchmark output directory (`results.jsonl`, optional `summary.json`). Errors name the file to fix. */
export function readRunDirectory(directory: string): RunDirectory {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new InvalidInputError({
      message: 'is not a directory; pass the --out directory of `rlver-eval run`',
      file: directory,
    });
  }
  const paths = resultPaths(directory);
  if (!existsSync(paths.results)) {
    throw new InvalidInputError({
      message: `has no ${RESULT_FILES.results}; pass the --out directory of \`rlver-eval run\``,
      file: directory,
    });
  }
  const { records } = readCompleteJsonl(paths.results, trajectorySchema);
  let summary: BenchmarkSummary | undefined;
  if (existsSync(paths.summary)) {
    const parsed = safeParseJSON(readFileSync(paths.summary, 'utf8'), benchmarkSummarySchema);
    if (!parsed.success) {
      throw new InvalidInputError({
        message: `${parsed.error.message} (written by another version? rerun \`rlver-eval run\` with this --out to rewrite it)`,
        file: paths.summary,
      });
    }
    summary = parsed.value;
  }
  return { directory, label: summary?.label ?? basename(directory), trajectories: records, summary };
}

/**
 * Append to `toDir`'s results file the finished dialogues of `fromDir` (e.g. a shard run by another process) whose
 * (profile id, repeat) pair it does not hold yet; nothing is rewritten. A following `runBenchmark` on `toDir`
 * then resumes with them. Returns the number of dialogues appended.
 */
export async function importResults(fromDir: string, toDir: string): Promise<number> {
  const source = resultPaths(fromDir).results;
  if (!existsSync(source)) return 0;
  const target = resultPaths(toDir).results;
  const key = (trajectory: Trajectory) => episodeKey(trajectory.profileId, trajectory.repeat ?? 0);
  const targetRecords = loadResultsForResume(target).trajectories;
  const held = new Set(targetRecords.map(key));
  // A finished dialogue also replaces an errored one (the next run drops the errored record).
  const finished = new Set(targetRecords.filter((trajectory) => trajectory.stopReason !== 'error').map(key));
  const incoming = readCompleteJsonl(source, trajectorySchema).records.filter((trajectory) =>
    trajectory.stopReason === 'error' ? !held.has(key(trajectory)) : !finished.has(key(trajectory)),
  );
  const appender = createJsonlAppender(target);
  await Promise.all(incoming.map((trajectory) => appender.append(trajectory)));
  return incoming.length;
}
