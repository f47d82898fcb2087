import {
  appendJsonlLine,
  formatZodError,
  InvalidInputError,
  type JsonlLineError,
  readCompleteJsonl,
  readJsonlFile,
  type Trajectory,
  trajectorySchema,
} from '@rlver/spec';
import type { z } from 'zod';
import { type SageResultRecord, sageResultRecordSchema } from './sage-result-record';

function validated<T>(schema: z.ZodType<T>, record: unknown, file: string, what: string): T {
  const parsed = schema.safeParse(record);
  if (!parsed.success) {
    throw new InvalidInputError({
      message: `refusing to write an invalid ${what}: ${formatZodError(parsed.error)}`,
      file,
    });
  }
  return parsed.data;
}

/** Validate a trajectory and append it to a JSONL file as one atomic, fsynced line (crash-safe results). */
export function appendTrajectory(file: string, trajectory: Trajectory): void {
  appendJsonlLine(file, validated(trajectorySchema, trajectory, file, 'trajectory'));
}

/** Read a trajectory JSONL file; a bad line throws naming file, line and field (or is collected). */
export function readTrajectories(
  file: string,
  options: { onError?: 'throw' | 'collect' } = {},
): { trajectories: Trajectory[]; errors: JsonlLineError[] } {
  const { records, errors } = readJsonlFile(file, trajectorySchema, options);
  return { trajectories: records.map((record) => record.value), errors };
}

/** The complete lines of an append-only trajectory file (a torn last line from a crash is ignored): for resume. */
export function readCompleteTrajectories(file: string): { trajectories: Trajectory[]; tornLine: boolean } {
  const { records, tornLine } = readCompleteJsonl(file, trajectorySchema);
  return { trajectories: records, tornLine };
}

/** Validate a SAGE result record (keys in reference order) and append it as one line. */
export function appendSageRecord(file: string, record: SageResultRecord): void {
  appendJsonlLine(file, validated(sageResultRecordSchema, record, file, 'SAGE result record'));
}

/** Read a reference SAGE result file (spec §7.3). */
export function readSageResultFile(
  file: string,
  options: { onError?: 'throw' | 'collect' } = {},
): { records: SageResultRecord[]; errors: JsonlLineError[] } {
  const { records, errors } = readJsonlFile(file, sageResultRecordSchema, options);
  return { records: records.map((record) => record.value), errors };
}
