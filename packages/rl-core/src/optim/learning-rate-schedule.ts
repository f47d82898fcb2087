/** Warm-up length: floor(ratio × total steps), as verl `lr_warmup_steps_ratio`. */
export function computeWarmupSteps(warmupRatio: number, totalSteps: number): number {
  return Math.floor(warmupRatio * totalSteps);
}

/**
 * Linear warm-up then constant (verl `constant` schedule): lr × (step + 1) / warmupSteps for step < warmupSteps,
 * else lr. Unlike verl's `step / warmupSteps`, step 0 already moves (no update at learning rate 0).
 */
export function warmupLearningRate(baseLearningRate: number, step: number, warmupSteps: number): number {
  if (warmupSteps <= 0 || step >= warmupSteps) return baseLearningRate;
  return (baseLearningRate * (Math.max(step, 0) + 1)) / warmupSteps;
}
