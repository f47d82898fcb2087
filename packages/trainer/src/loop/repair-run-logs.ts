import { closeSync, existsSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

const stepSchema = z.object({ step: z.number().int() }).loose();
/** Both logs write `step` first, so a line's step is read without parsing a long rollout line. */
const STEP_PREFIX = /^\{"step":(\d+)[,}]/;

/**
 * Repair a step log (`metrics.jsonl`, `rollouts.jsonl`) before a resumed run appends to it: cut a torn last line
 * (a kill mid-write), and every record of a step at or after `completedSteps` (a kill after the step was logged
 * but before its checkpoint: the resumed run redoes that step and logs it again). Lines are in step order, so the
 * file is cut at the first such line. Returns how many bytes were cut.
 */
export function repairStepLog(file: string, completedSteps: number): number {
  if (!existsSync(file)) return 0;
  const bytes = readFileSync(file);
  let keep = 0;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    if (newline < 0) break; // torn last line
    const line = bytes.subarray(start, newline).toString('utf8');
    const step = stepOf(line);
    if (step === undefined || step >= completedSteps) break;
    keep = newline + 1;
    start = newline + 1;
  }
  if (keep === bytes.length) return 0;
  const descriptor = openSync(file, 'r+');
  try {
    ftruncateSync(descriptor, keep);
  } finally {
    closeSync(descriptor);
  }
  return bytes.length - keep;
}

function stepOf(line: string): number | undefined {
  const prefix = STEP_PREFIX.exec(line);
  if (prefix) return Number(prefix[1]);
  const parsed = safeParseJSON(line, stepSchema);
  return parsed.success ? parsed.value.step : undefined;
}
