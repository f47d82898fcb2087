import { formatIssuePath, formatZodError, InvalidConfigError } from '@rlver/spec';
import type { z } from 'zod';

/**
 * Parse an algorithm config with its zod schema; failure throws `InvalidConfigError` naming the first bad field
 * and every rule broken (the refinements say what to change).
 */
export function parseAlgorithmConfig<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  label: string,
): z.output<Schema> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new InvalidConfigError({
    message: `${label} config: ${formatZodError(parsed.error)}`,
    field: first ? formatIssuePath(first.path) : undefined,
    cause: parsed.error,
  });
}

/** The clipping and loss-aggregation fields PPO and GRPO share. */
export interface PolicyLossConfigFields {
  clipRatio: number;
  clipRatioHigh: number | null;
  lossAggregation: string;
  lossNormalizer: number | null;
}

/** Cross-field rules of the shared policy-loss fields, for an algorithm schema's `superRefine`. */
export function refinePolicyLossConfig(config: PolicyLossConfigFields, context: z.RefinementCtx): void {
  if (config.clipRatioHigh !== null && config.clipRatioHigh < config.clipRatio) {
    context.addIssue({
      code: 'custom',
      path: ['clipRatioHigh'],
      message: `clipRatioHigh (${config.clipRatioHigh}) is below clipRatio (${config.clipRatio}); set it ≥ clipRatio (DAPO: 0.28 with 0.2) or null.`,
    });
  }
  if (config.lossNormalizer !== null && config.lossAggregation !== 'sequence-sum-norm') {
    context.addIssue({
      code: 'custom',
      path: ['lossNormalizer'],
      message: `lossNormalizer is only used by lossAggregation 'sequence-sum-norm'; set lossAggregation 'sequence-sum-norm' or lossNormalizer null.`,
    });
  }
}
