import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assignVariableArrays,
  loadOptimizerStateFile,
  readTensorFile,
  readVariableArrays,
  saveOptimizerStateFile,
  writeTensorFile,
} from '@rlver/rl-core';
import { InvalidInputError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import type { PPOTrainer } from './train-ppo';

const stateFile = 'ppo-state.json';

const ppoStateSchema = z
  .object({
    schemaVersion: z.literal(1),
    algorithmId: z.literal('ppo'),
    klCoefficient: z.number(),
    actorOptimizerSteps: z.number().int().nonnegative(),
    criticOptimizerSteps: z.number().int().nonnegative(),
    actorConsecutiveSkips: z.number().int().nonnegative(),
    criticConsecutiveSkips: z.number().int().nonnegative(),
    /** Next step the run will take (last `doUpdate` step + 1). */
    nextStep: z.number().int().nonnegative(),
  })
  .strict();

/** Write the algorithm state: optimizers, critic (value head) weights, KL controller, skip counters, step. */
export async function savePPOState(trainer: PPOTrainer, directory: string, nextStep: number): Promise<void> {
  await mkdir(directory, { recursive: true });
  const actorSteps = await saveOptimizerStateFile(
    trainer.actorOptimizer,
    trainer.policy.policyVariables(),
    directory,
    'ppo-actor-optimizer',
  );
  const criticSteps = await saveOptimizerStateFile(
    trainer.criticOptimizer,
    trainer.policy.valueVariables(),
    directory,
    'ppo-critic-optimizer',
  );
  await writeTensorFile(
    directory,
    'ppo-critic-weights',
    await readVariableArrays('critic', trainer.policy.valueVariables()),
  );
  const state: z.infer<typeof ppoStateSchema> = {
    schemaVersion: 1,
    algorithmId: 'ppo',
    klCoefficient: trainer.klController.coefficient,
    actorOptimizerSteps: actorSteps,
    criticOptimizerSteps: criticSteps,
    actorConsecutiveSkips: trainer.actorUpdater.consecutiveSkips,
    criticConsecutiveSkips: trainer.criticUpdater.consecutiveSkips,
    nextStep,
  };
  await writeFile(join(directory, stateFile), `${JSON.stringify(state, null, 2)}\n`);
}

/** Restore what `savePPOState` wrote; returns the saved next step. Malformed files throw `InvalidInputError`. */
export async function loadPPOState(trainer: PPOTrainer, directory: string): Promise<number> {
  const path = join(directory, stateFile);
  const parsed = safeParseJSON(await readFile(path, 'utf8'), ppoStateSchema);
  if (!parsed.success) throw new InvalidInputError({ file: path, field: parsed.field, message: parsed.error.message });
  const state = parsed.value;
  await loadOptimizerStateFile(
    trainer.actorOptimizer,
    trainer.policy.policyVariables(),
    directory,
    'ppo-actor-optimizer',
    state.actorOptimizerSteps,
  );
  await loadOptimizerStateFile(
    trainer.criticOptimizer,
    trainer.policy.valueVariables(),
    directory,
    'ppo-critic-optimizer',
    state.criticOptimizerSteps,
  );
  const criticWeights = await readTensorFile(directory, 'ppo-critic-weights');
  assignVariableArrays(
    'critic',
    trainer.policy.valueVariables(),
    criticWeights,
    join(directory, 'ppo-critic-weights.json'),
  );
  trainer.klController.setCoefficient(state.klCoefficient);
  trainer.actorUpdater.consecutiveSkips = state.actorConsecutiveSkips;
  trainer.criticUpdater.consecutiveSkips = state.criticConsecutiveSkips;
  return state.nextStep;
}
