import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOptimizerStateFile, saveOptimizerStateFile } from '@rlver/rl-core';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import type { RLOOTrainer } from './train-rloo';

const stateFile = 'rloo-state.json';

const rlooStateSchema = z
  .object({
    schemaVersion: z.literal(1),
    algorithmId: z.literal('rloo'),
    optimizerSteps: z.number().int().nonnegative(),
    consecutiveSkips: z.number().int().nonnegative(),
    /** Next step the run will take (last `doUpdate` step + 1). */
    nextStep: z.number().int().nonnegative(),
  })
  .strict();

/** Write the optimizer state, skip counter and step. */
export async function saveRLOOState(trainer: RLOOTrainer, directory: string, nextStep: number): Promise<void> {
  await mkdir(directory, { recursive: true });
  const optimizerSteps = await saveOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    'rloo-optimizer',
  );
  const state: z.infer<typeof rlooStateSchema> = {
    schemaVersion: 1,
    algorithmId: 'rloo',
    optimizerSteps,
    consecutiveSkips: trainer.updater.consecutiveSkips,
    nextStep,
  };
  await writeFile(join(directory, stateFile), `${JSON.stringify(state, null, 2)}\n`);
}

/** Restore what `saveRLOOState` wrote; returns the saved next step. Malformed files throw `InvalidInputError`. */
export async function loadRLOOState(trainer: RLOOTrainer, directory: string): Promise<number> {
  const path = join(directory, stateFile);
  const parsed = safeParseJSON(await readFile(path, 'utf8'), rlooStateSchema);
  if (!parsed.success) throw new InvalidInputError({ file: path, field: parsed.field, message: parsed.error.message });
  await loadOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    'rloo-optimizer',
    parsed.value.optimizerSteps,
  );
  trainer.updater.consecutiveSkips = parsed.value.consecutiveSkips;
  return parsed.value.nextStep;
}
