import { groupBaselineConfigSchemas, klLossEstimatorField, resolveWithWarmupSteps } from '@rlver/rl-core';
import type { z } from 'zod';

const schemas = groupBaselineConfigSchemas({
  /** RLOO's own fields, next to the shared optimisation fields of `@rlver/rl-core`. */
  ownShape: { klEstimator: klLossEstimatorField },
  groupSymbol: 'k',
  groupSizeReason: 'the leave-one-out baseline needs other members.',
});

/** The `algorithm` block of an RLOO train config: shared optimisation fields + RLOO's own. Unknown fields are rejected. */
export const rlooBlockSchema = schemas.blockSchema;

/** Everything `createRLOOAlgorithm` takes: the block, the run fields and the group size. */
export const rlooConfigSchema = schemas.configSchema;

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
