import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadOptimizerStateFile, saveOptimizerStateFile } from '@rlver/rl-core';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import type { GRPOTrainer } from './train-grpo';

const stateFile = 'grpo-state.json';

const grpoStateSchema = z
  .object({
    schemaVersion: z.literal(1),
    algorithmId: z.literal('grpo'),
    optimizerSteps: z.number().int().nonnegative(),
    consecutiveSkips: z.number().int().nonnegative(),
    /** Next step the run will take (last `doUpdate` step + 1). */
    nextStep: z.number().int().nonnegative(),
  })
  .strict();

/** Write the optimizer state, skip counter and step. */
export async function saveGRPOState(trainer: GRPOTrainer, directory: string, nextStep: number): Promise<void> {
  await mkdir(directory, { recursive: true });
  const optimizerSteps = await saveOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    'grpo-optimizer',
  );
  const state: z.infer<typeof grpoStateSchema> = {
    schemaVersion: 1,
    algorithmId: 'grpo',
    optimizerSteps,
    consecutiveSkips: trainer.updater.consecutiveSkips,
    nextStep,
  };
  await writeFile(join(directory, stateFile), `${JSON.stringify(state, null, 2)}\n`);
}

/** Restore what `saveGRPOState` wrote; returns the saved next step. Malformed files throw `InvalidInputError`. */
export async function loadGRPOState(trainer: GRPOTrainer, directory: string): Promise<number> {
  const path = join(directory, stateFile);
  const parsed = safeParseJSON(await readFile(path, 'utf8'), grpoStateSchema);
  if (!parsed.success) throw new InvalidInputError({ file: path, field: parsed.field, message: parsed.error.message });
  await loadOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    'grpo-optimizer',
    parsed.value.optimizerSteps,
  );
  trainer.updater.consecutiveSkips = parsed.value.consecutiveSkips;
  return parsed.value.nextStep;
}
