import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

const stepSchema = z.object({ step: z.number().int() }).loose();

/**
 * Repair a step log (`metrics.jsonl`, `rollouts.jsonl`) before a resumed run appends to it. It keeps every
 * complete record of a step below `completedSteps` (the steps the checkpoint holds) and drops:
 * - a torn last line (a kill mid-write);
 * - a torn line inside the file (a kill cut a write and a later run appended after it, or glued the next record
 *   onto it) — only that line, so the records of held steps after it stay;
 * - every record of a step at or after `completedSteps` (a kill after the step was logged but before its
 *   checkpoint: the resumed run redoes that step and logs it again, so each step is logged once).
 * The file is rewritten by rename, never left half-written. Returns how many bytes were dropped.
 */
export function repairStepLog(file: string, completedSteps: number): number {
  if (!existsSync(file)) return 0;
  const bytes = readFileSync(file);
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  lines.pop(); // '' after the last newline, else a torn last line
  const kept = lines.filter((line) => {
    const step = stepOf(line);
    return step !== undefined && step < completedSteps;
  });
  const keptText = kept.map((line) => `${line}\n`).join('');
  if (keptText === text) return 0;
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, keptText);
  renameSync(temporary, file);
  return bytes.length - Buffer.byteLength(keptText);
}

/** The step of a complete record, or undefined for a torn line (not JSON, or no integer `step`). */
function stepOf(line: string): number | undefined {
  const parsed = safeParseJSON(line, stepSchema);
  return parsed.success ? parsed.value.step : undefined;
}
