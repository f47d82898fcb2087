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
});
export type TrainingState = z.infer<typeof trainingStateSchema>;

export interface CheckpointWriters {
  /** Write the policy weights (HF folder) into `directory`. */
  savePolicy(directory: string): Promise<void>;
  /** Write optimizer / critic / controller state into `directory`. */
  saveAlgorithm(directory: string): Promise<void>;
}

/**
 * Save a checkpoint atomically: write into `<name>.tmp`, then rename over `<name>`, so a kill mid-save
 * leaves the previous checkpoint intact.
 */
/** Folder name of the checkpoint kept after `completedSteps` steps (`step-00080`). */
export function checkpointFolderName(completedSteps: number): string {
  return `step-${String(completedSteps).padStart(5, '0')}`;
}

export async function saveCheckpoint(
  checkpointsDirectory: string,
  name: string,
  state: TrainingState,
  writers: CheckpointWriters,
): Promise<string> {
  const target = join(checkpointsDirectory, name);
  const temporary = `${target}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  await writers.savePolicy(join(temporary, 'policy'));
  await writers.saveAlgorithm(join(temporary, 'algorithm'));
  writeFileSync(join(temporary, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
  const previous = `${target}.old`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, previous);
  renameSync(temporary, target);
  rmSync(previous, { recursive: true, force: true });
  return target;
}

/** Read the state of a checkpoint folder, or undefined when there is none. */
export function readCheckpointState(checkpointDirectory: string): TrainingState | undefined {
  const file = join(checkpointDirectory, 'state.json');
  if (!existsSync(file)) return undefined;
  const parsed = safeParseJSON(readFileSync(file, 'utf8'), trainingStateSchema);
  if (!parsed.success)
    throw new InvalidInputError({ message: `unreadable checkpoint state: ${parsed.error.message}`, file });
  return parsed.value;
}
