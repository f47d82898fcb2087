import type { z } from 'zod';

export type SafeParseResult<T> = { success: true; value: T } | { success: false; error: Error; field?: string };

/** Dotted path of a zod issue, e.g. `history.3.content`; empty for the root. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((part) => String(part)).join('.');
}

/** One line per zod issue: `field "a.b": message`. */
export function formatZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = formatIssuePath(issue.path);
      return field ? `field "${field}": ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * Parse JSON text and, when a schema is given, validate it. Never throws.
 * The only sanctioned way to turn untrusted text (LLM output, files) into data.
 */
export function safeParseJSON<T = unknown>(text: string, schema?: z.ZodType<T>): SafeParseResult<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
  if (!schema) return { success: true, value: value as T };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return {
    success: false,
    error: new Error(formatZodError(parsed.error)),
    field: first ? formatIssuePath(first.path) : undefined,
  };
}
