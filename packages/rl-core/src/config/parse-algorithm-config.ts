import { formatIssuePath, formatZodError, InvalidConfigError } from '@rlver/spec';
import type { z } from 'zod';
import { RENAMED_ALGORITHM_FIELDS } from './optimisation-config';

/** The first renamed field of an algorithm config (old name, new name), if any. */
export function findRenamedAlgorithmField(input: unknown): [string, string] | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const old = Object.keys(input).find((key) => key in RENAMED_ALGORITHM_FIELDS);
  return old === undefined ? undefined : [old, RENAMED_ALGORITHM_FIELDS[old] as string];
}

/**
 * Parse an algorithm config with its zod schema; failure throws `InvalidConfigError` naming the first bad field
 * and every rule broken (the refinements say what to change). A renamed field names its new name.
 */
export function parseAlgorithmConfig<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  label: string,
): z.output<Schema> {
  const renamed = findRenamedAlgorithmField(input);
  if (renamed) {
    throw new InvalidConfigError({
      field: renamed[0],
      message: `${label} config: field "${renamed[0]}" was renamed; use ${renamed[1]}`,
    });
  }
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new InvalidConfigError({
    message: `${label} config: ${formatZodError(parsed.error)}`,
    field: first ? formatIssuePath(first.path) : undefined,
    cause: parsed.error,
  });
}

/** The clipping and loss-aggregation fields every algorithm shares. */
export interface PolicyLossConfigFields {
  clipRatioLow: number;
  clipRatioHigh: number | null;
  lossAggregation: string;
  lossNormalizer: number | null;
}

/** Cross-field rules of the shared policy-loss fields, for an algorithm schema's `superRefine`. */
export function refinePolicyLossConfig(config: PolicyLossConfigFields, context: z.RefinementCtx): void {
  if (config.clipRatioHigh !== null && config.clipRatioHigh < config.clipRatioLow) {
    context.addIssue({
      code: 'custom',
      path: ['clipRatioHigh'],
      message: `clipRatioHigh (${config.clipRatioHigh}) is below clipRatioLow (${config.clipRatioLow}); set it ≥ clipRatioLow (DAPO: 0.28 with 0.2) or null.`,
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
