import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdamW } from '@rlver/optim';
import { InvalidInputError, safeParseJSON, type TrainableLanguageModel } from '@rlver/spec';
import { z } from 'zod';
import type { GuardedUpdater } from '../optim/guarded-update';
import { loadOptimizerStateFile, saveOptimizerStateFile } from './optimizer-state-files';

/** What a critic-free algorithm (GRPO, RLOO) keeps between steps: one optimizer over the policy and one guard. */
export interface SingleOptimizerTrainer {
  policy: TrainableLanguageModel;
  optimizer: AdamW;
  updater: GuardedUpdater;
}

function stateSchema(algorithmId: string) {
  return z
    .object({
      schemaVersion: z.literal(1),
      algorithmId: z.literal(algorithmId),
      optimizerSteps: z.number().int().nonnegative(),
      consecutiveSkips: z.number().int().nonnegative(),
      /** Next step the run will take (last `doUpdate` step + 1). */
      nextStep: z.number().int().nonnegative(),
    })
    .strict();
}

/**
 * Write `<id>-state.json` (step counters and the skip counter) and `<id>-optimizer.json/.bin` (the optimizer's
 * moments over the policy variables).
 */
export async function saveSingleOptimizerState(
  algorithmId: string,
  trainer: SingleOptimizerTrainer,
  directory: string,
  nextStep: number,
): Promise<void> {
  await mkdir(directory, { recursive: true });
  const optimizerSteps = await saveOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    `${algorithmId}-optimizer`,
  );
  const state: z.infer<ReturnType<typeof stateSchema>> = {
    schemaVersion: 1,
    algorithmId,
    optimizerSteps,
    consecutiveSkips: trainer.updater.consecutiveSkips,
    nextStep,
  };
  await writeFile(join(directory, `${algorithmId}-state.json`), `${JSON.stringify(state, null, 2)}\n`);
}

/**
 * Restore what `saveSingleOptimizerState` wrote; returns the saved next step. Malformed files throw
 * `InvalidInputError` naming the file and field.
 */
export async function loadSingleOptimizerState(
  algorithmId: string,
  trainer: SingleOptimizerTrainer,
  directory: string,
): Promise<number> {
  const path = join(directory, `${algorithmId}-state.json`);
  const parsed = safeParseJSON(await readFile(path, 'utf8'), stateSchema(algorithmId));
  if (!parsed.success) throw new InvalidInputError({ file: path, field: parsed.field, message: parsed.error.message });
  await loadOptimizerStateFile(
    trainer.optimizer,
    trainer.policy.policyVariables(),
    directory,
    `${algorithmId}-optimizer`,
    parsed.value.optimizerSteps,
  );
  trainer.updater.consecutiveSkips = parsed.value.consecutiveSkips;
  return parsed.value.nextStep;
}
