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
