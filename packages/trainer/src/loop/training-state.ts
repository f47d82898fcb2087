import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

/** `checkpoints/latest/state.json`: where a run stands (on-disk format). */
export const trainingStateSchema = z.object({
  schemaVersion: z.literal(1),
  /** Steps completed (the next step to run). */
  completedSteps: z.number().int().nonnegative(),
  consecutiveSkippedUpdates: z.number().int().nonnegative(),
  seed: z.number().int(),
  savedAt: z.string(),
  /** Set when `degenerationStop` ended the run: a resume does not train on. */
  stoppedEarly: z.object({ step: z.number().int().nonnegative(), baseline: z.number(), recent: z.number() }).optional(),
});
export type TrainingState = z.infer<typeof trainingStateSchema>;

export interface CheckpointWriters {
  /** Write the policy weights (HF folder) into `directory`. */
  savePolicy(directory: string): Promise<void>;
  /** Write optimizer / critic / controller state into `directory`. */
  saveAlgorithm(directory: string): Promise<void>;
}

/** Folder name of the checkpoint kept after `completedSteps` steps (`step-00080`). */
export function checkpointFolderName(completedSteps: number): string {
  return `step-${String(completedSteps).padStart(5, '0')}`;
}

const STATE_FILE = 'state.json';

/** Whether a checkpoint folder is complete: `state.json` is written last (by rename), so its presence says so. */
function isComplete(directory: string): boolean {
  return existsSync(join(directory, STATE_FILE));
}

/**
 * Save a checkpoint atomically. Everything is written into `<name>.tmp`, `state.json` last (itself by rename), so a
 * complete `.tmp` is one that has `state.json`. Promotion is two renames, `<name>` → `<name>.old` then `<name>.tmp`
 * → `<name>`; a kill between them leaves no `<name>`, which {@link recoverCheckpoint} repairs (the complete `.tmp`,
 * else the `.old`) before anything reads or deletes. `<name>.old` is only removed once `<name>` is in place.
 */
export async function saveCheckpoint(
  checkpointsDirectory: string,
  name: string,
  state: TrainingState,
  writers: CheckpointWriters,
): Promise<string> {
  const target = join(checkpointsDirectory, name);
  recoverCheckpoint(target);
  const temporary = `${target}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  await writers.savePolicy(join(temporary, 'policy'));
  await writers.saveAlgorithm(join(temporary, 'algorithm'));
  writeFileSync(join(temporary, `${STATE_FILE}.tmp`), `${JSON.stringify(state, null, 2)}\n`);
  renameSync(join(temporary, `${STATE_FILE}.tmp`), join(temporary, STATE_FILE));
  const previous = `${target}.old`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(temporary, target);
  rmSync(previous, { recursive: true, force: true });
  return target;
}

/**
 * Repair a checkpoint whose promotion a kill interrupted: when `<name>` is missing, the complete `<name>.tmp` (the
 * newer one) becomes `<name>`, else `<name>.old` does. Returns which one was restored, or undefined when nothing
 * needed repair.
 */
export function recoverCheckpoint(checkpointDirectory: string): 'tmp' | 'old' | undefined {
  if (isComplete(checkpointDirectory)) return undefined;
  const temporary = `${checkpointDirectory}.tmp`;
  const previous = `${checkpointDirectory}.old`;
  for (const [source, kind] of [
    [temporary, 'tmp'],
    [previous, 'old'],
  ] as const) {
    if (!isComplete(source)) continue;
    rmSync(checkpointDirectory, { recursive: true, force: true });
    renameSync(source, checkpointDirectory);
    return kind;
  }
  return undefined;
}

/**
 * Read the state of a checkpoint folder (repairing an interrupted promotion first, see {@link recoverCheckpoint}),
 * or undefined when there is none.
 */
export function readCheckpointState(checkpointDirectory: string): TrainingState | undefined {
  recoverCheckpoint(checkpointDirectory);
  const file = join(checkpointDirectory, STATE_FILE);
  if (!existsSync(file)) return undefined;
  const parsed = safeParseJSON(readFileSync(file, 'utf8'), trainingStateSchema);
  if (!parsed.success)
    throw new InvalidInputError({ message: `unreadable checkpoint state: ${parsed.error.message}`, file });
  return parsed.value;
}
