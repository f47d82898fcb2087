import type { AlgorithmRunFields } from '@rlver/rl-core';
import type { TrainConfig } from './train-config';

/**
 * What the trainer hands every algorithm from the run besides its `algorithm` block: packing, the rollout
 * temperature (log-probs are scored at it), the planned steps, the seed, and the group size (branching replies
 * per turn when branching, else rollouts per profile).
 */
export function algorithmRunFields(config: TrainConfig): AlgorithmRunFields {
  return {
    packing: config.packing,
    samplingTemperature: Math.max(config.sampling.temperature, 1e-6),
    totalSteps: config.steps,
    seed: config.seed,
    groupSize:
      config.branchCandidates > 1
        ? config.branchCandidates
        : config.branching > 1
          ? config.branching
          : config.groupSize,
  };
}
