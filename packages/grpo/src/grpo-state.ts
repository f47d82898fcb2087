import { loadSingleOptimizerState, saveSingleOptimizerState } from '@rlver/rl-core';
import type { GRPOTrainer } from './train-grpo';

/** Write the optimizer state, skip counter and step (`grpo-state.json`, `grpo-optimizer.json/.bin`). */
export function saveGRPOState(trainer: GRPOTrainer, directory: string, nextStep: number): Promise<void> {
  return saveSingleOptimizerState('grpo', trainer, directory, nextStep);
}

/** Restore what `saveGRPOState` wrote; returns the saved next step. Malformed files throw `InvalidInputError`. */
export function loadGRPOState(trainer: GRPOTrainer, directory: string): Promise<number> {
  return loadSingleOptimizerState('grpo', trainer, directory);
}
