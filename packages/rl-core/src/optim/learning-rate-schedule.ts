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

/** What follows the warm-up: a constant rate (verl's default), or a decay to `minRatio` × the base rate. */
export type LearningRateDecay = 'constant' | 'linear' | 'cosine';

/**
 * Warm-up (as `warmupLearningRate`), then `decay` from the base rate at the end of the warm-up to
 * `minRatio` × base at `totalSteps` (held there after it): linear, or cosine (½(1 + cos πp)).
 */
export function scheduledLearningRate(options: {
  baseLearningRate: number;
  step: number;
  warmupSteps: number;
  totalSteps: number;
  decay: LearningRateDecay;
  minRatio: number;
}): number {
  const { baseLearningRate, step, warmupSteps } = options;
  if (options.decay === 'constant' || step < warmupSteps)
    return warmupLearningRate(baseLearningRate, step, warmupSteps);
  const progress = Math.min(Math.max((step - warmupSteps) / Math.max(options.totalSteps - warmupSteps, 1), 0), 1);
  const remaining = options.decay === 'linear' ? 1 - progress : 0.5 * (1 + Math.cos(Math.PI * progress));
  return baseLearningRate * (options.minRatio + (1 - options.minRatio) * remaining);
}
