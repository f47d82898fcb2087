import { z } from 'zod';
import { computeWarmupSteps } from '../optim/learning-rate-schedule';
import { optimisationConfigShape, runConfigShape } from './optimisation-config';
import { type PolicyLossConfigFields, parseAlgorithmConfig, refinePolicyLossConfig } from './parse-algorithm-config';

/** The KL-loss estimator field of the critic-free algorithms (GRPO, RLOO): k3 by default, verl's `low_var_kl`. */
export const klLossEstimatorField = z
  .enum(['k1', 'k2', 'k3'])
  .default('k3')
  .describe('KL estimator of the KL loss term (k3 = verl low_var_kl)');

/** The group-size field of a group-baseline algorithm; `symbol` is its paper's letter (GRPO n, RLOO k). */
export function groupSizeField(symbol: string) {
  return z.number().int().positive().default(4).describe(`Members of a group (${symbol}): rollouts per prompt`);
}

/** Refinement rule of a group baseline: a group needs ≥ 2 members; `why` says what the algorithm needs them for. */
export function refineMinimumGroupSize(groupSize: number, context: z.RefinementCtx, why: string): void {
  if (groupSize < 2) {
    context.addIssue({
      code: 'custom',
      path: ['groupSize'],
      message: `groupSize is ${groupSize}; set it to ≥ 2: ${why}`,
    });
  }
}

/**
 * Validate a critic-free algorithm's config (throws `InvalidConfigError` saying what to change, labelled with
 * `algorithmId`) and fill in the warm-up length in steps.
 */
export function resolveWithWarmupSteps<Schema extends z.ZodType<{ warmupRatio: number; totalSteps: number }>>(
  schema: Schema,
  input: unknown,
  algorithmId: string,
): Readonly<z.output<Schema> & { readonly warmupSteps: number }> {
  const config = parseAlgorithmConfig(schema, input, algorithmId);
  return Object.freeze({ ...config, warmupSteps: computeWarmupSteps(config.warmupRatio, config.totalSteps) });
}

/** The whole config object of a group-baseline algorithm: run fields, group size, shared fields, its own fields. */
function groupBaselineConfigObject<Own extends z.ZodRawShape>(ownShape: Own, groupSymbol: string) {
  return z
    .object({ ...runConfigShape, groupSize: groupSizeField(groupSymbol), ...optimisationConfigShape, ...ownShape })
    .strict();
}

/** The parsed config of a group-baseline algorithm with own fields `Own`. */
export type GroupBaselineConfig<Own extends z.ZodRawShape> = z.output<
  ReturnType<typeof groupBaselineConfigObject<Own>>
>;

/** What `groupBaselineConfigSchemas` builds the two schemas from. */
export interface GroupBaselineConfigOptions<Own extends z.ZodRawShape> {
  /** The algorithm's own fields, next to the shared optimisation fields. */
  ownShape: Own;
  /** The group size's letter in the algorithm's paper (GRPO n, RLOO k), for `--help`. */
  groupSymbol: string;
  /** Why the algorithm needs ≥ 2 members, ending the groupSize error. */
  groupSizeReason: string;
  /** The algorithm's own cross-field rules, run after the group-size rule and before the policy-loss rules. */
  refine?(config: GroupBaselineConfig<Own>, context: z.RefinementCtx): void;
}

/**
 * The two config schemas of a group-baseline algorithm (GRPO, RLOO): `blockSchema`, the `algorithm` block of a
 * train config (shared optimisation fields + the algorithm's own; unknown fields rejected), and `configSchema`,
 * everything its `create*Algorithm` takes (the block, the run fields and `groupSize` ≥ 2).
 */
export function groupBaselineConfigSchemas<Own extends z.ZodRawShape>(options: GroupBaselineConfigOptions<Own>) {
  const blockSchema = z
    .object({ ...optimisationConfigShape, ...options.ownShape })
    .strict()
    // zod cannot see through a generic shape's output type: the shared fields are there, `Own` only adds fields.
    .superRefine((config, context) => refinePolicyLossConfig(config as unknown as PolicyLossConfigFields, context));
  const configSchema = groupBaselineConfigObject(options.ownShape, options.groupSymbol).superRefine(
    (config, context) => {
      const shared = config as unknown as PolicyLossConfigFields & { groupSize: number };
      refineMinimumGroupSize(shared.groupSize, context, options.groupSizeReason);
      options.refine?.(config as GroupBaselineConfig<Own>, context);
      refinePolicyLossConfig(shared, context);
    },
  );
  return { blockSchema, configSchema };
}
