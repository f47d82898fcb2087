import {
  computeWarmupSteps,
  optimisationConfigShape,
  parseAlgorithmConfig,
  refinePolicyLossConfig,
  runConfigShape,
} from '@rlver/rl-core';
import { z } from 'zod';

/** RLOO's own fields, next to the shared optimisation fields of `@rlver/rl-core`. */
const rlooOwnShape = {
  klEstimator: z
    .enum(['k1', 'k2', 'k3'])
    .default('k3')
    .describe('KL estimator of the KL loss term (k3 = verl low_var_kl)'),
};

/** The `algorithm` block of an RLOO train config: shared optimisation fields + RLOO's own. Unknown fields are rejected. */
export const rlooBlockSchema = z
  .object({ ...optimisationConfigShape, ...rlooOwnShape })
  .strict()
  .superRefine(refinePolicyLossConfig);

/** Everything `createRLOOAlgorithm` takes: the block, the run fields and the group size. */
export const rlooConfigSchema = z
  .object({
    ...runConfigShape,
    groupSize: z.number().int().positive().default(4).describe('Members of a group (k): rollouts per prompt'),
    ...optimisationConfigShape,
    ...rlooOwnShape,
  })
  .strict()
  .superRefine((config, context) => {
    if (config.groupSize < 2) {
      context.addIssue({
        code: 'custom',
        path: ['groupSize'],
        message: `groupSize is ${config.groupSize}; set it to ≥ 2: the leave-one-out baseline needs other members.`,
      });
    }
    refinePolicyLossConfig(config, context);
  });

export type RLOOConfigInput = z.input<typeof rlooConfigSchema>;
export type RLOOConfig = z.output<typeof rlooConfigSchema>;

/** The config with derived fields filled in. */
export interface ResolvedRLOOConfig extends RLOOConfig {
  readonly warmupSteps: number;
}

/** Validate an RLOO config (throws `InvalidConfigError` saying what to change) and fill in derived fields. */
export function resolveRLOOConfig(input: RLOOConfigInput = {}): Readonly<ResolvedRLOOConfig> {
  const config = parseAlgorithmConfig(rlooConfigSchema, input, 'rloo');
  return Object.freeze({ ...config, warmupSteps: computeWarmupSteps(config.warmupRatio, config.totalSteps) });
}
