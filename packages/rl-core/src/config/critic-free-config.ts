import { z } from 'zod';
import { computeWarmupSteps } from '../optim/learning-rate-schedule';
import { parseAlgorithmConfig } from './parse-algorithm-config';

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
