import { loadSingleOptimizerState, saveSingleOptimizerState } from '@rlver/rl-core';
import type { RLOOTrainer } from './train-rloo';

/** Write the optimizer state, skip counter and step (`rloo-state.json`, `rloo-optimizer.json/.bin`). */
export function saveRLOOState(trainer: RLOOTrainer, directory: string, nextStep: number): Promise<void> {
  return saveSingleOptimizerState('rloo', trainer, directory, nextStep);
}

/** Restore what `saveRLOOState` wrote; returns the saved next step. Malformed files throw `InvalidInputError`. */
export function loadRLOOState(trainer: RLOOTrainer, directory: string): Promise<number> {
  return loadSingleOptimizerState('rloo', trainer, directory);
}
