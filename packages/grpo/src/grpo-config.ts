import { groupBaselineConfigSchemas, klLossEstimatorField, resolveWithWarmupSteps } from '@rlver/rl-core';
import { z } from 'zod';

/**
 * GRPO's own fields, next to the shared optimisation fields of `@rlver/rl-core`. Defaults follow the paper's GRPO
 * runs (spec §6.2, §6.5: n = 4, lr 1e-6, clip 0.2, entropy 0.001, no KL). Dr. GRPO = `scaleRewards: 'none'` +
 * `lossAggregation: 'sequence-sum-norm'`.
 */
const grpoOwnShape = {
  groupStatistics: z
    .enum(['dialogue', 'turn-sample'])
    .default('dialogue')
    .describe(
      "Group members: 'dialogue' (a dialogue's turn-samples share its advantage, spec §6.7 d) or 'turn-sample' (every turn-sample is a member; reference parity; needs per-turn packing)",
    ),
  scaleRewards: z
    .enum(['group', 'batch', 'none'])
    .default('group')
    .describe("Scaling of the centred rewards: by the group's std, the batch's, or none (Dr. GRPO)"),
  advantageEpsilon: z.number().positive().default(1e-6).describe('ε added to the standard deviation'),
  klEstimator: klLossEstimatorField,
};

const schemas = groupBaselineConfigSchemas({
  ownShape: grpoOwnShape,
  groupSymbol: 'n',
  groupSizeReason: 'GRPO advantages are computed per group.',
  refine(config, context) {
    if (config.groupStatistics === 'turn-sample' && config.packing !== 'per-turn') {
      context.addIssue({
        code: 'custom',
        path: ['groupStatistics'],
        message: `groupStatistics 'turn-sample' needs packing 'per-turn' (whole-dialogue samples are dialogues); set packing 'per-turn' or groupStatistics 'dialogue'.`,
      });
    }
  },
});

/** The `algorithm` block of a GRPO train config: shared optimisation fields + GRPO's own. Unknown fields are rejected. */
export const grpoBlockSchema = schemas.blockSchema;

/** Everything `createGRPOAlgorithm` takes: the block, the run fields (`runConfigShape`) and the group size. */
export const grpoConfigSchema = schemas.configSchema;

export type GRPOConfigInput = z.input<typeof grpoConfigSchema>;
export type GRPOConfig = z.output<typeof grpoConfigSchema>;

/** The config with derived fields filled in. */
export interface ResolvedGRPOConfig extends GRPOConfig {
  readonly warmupSteps: number;
}

/** Validate a GRPO config (throws `InvalidConfigError` saying what to change) and fill in derived fields. */
export function resolveGRPOConfig(input: GRPOConfigInput = {}): Readonly<ResolvedGRPOConfig> {
  return resolveWithWarmupSteps(grpoConfigSchema, input, 'grpo');
}
