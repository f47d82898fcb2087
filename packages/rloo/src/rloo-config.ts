import {
  groupSizeField,
  klLossEstimatorField,
  optimisationConfigShape,
  refineMinimumGroupSize,
  refinePolicyLossConfig,
  resolveWithWarmupSteps,
  runConfigShape,
} from '@rlver/rl-core';
import { z } from 'zod';

/** RLOO's own fields, next to the shared optimisation fields of `@rlver/rl-core`. */
const rlooOwnShape = {
  klEstimator: klLossEstimatorField,
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
    groupSize: groupSizeField('k'),
    ...optimisationConfigShape,
    ...rlooOwnShape,
  })
  .strict()
  .superRefine((config, context) => {
    refineMinimumGroupSize(config.groupSize, context, 'the leave-one-out baseline needs other members.');
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
  return resolveWithWarmupSteps(rlooConfigSchema, input, 'rloo');
}
