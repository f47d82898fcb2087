import type { z } from 'zod';

/** How a flag's text value becomes a config value. */
export type SchemaFlagKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'list';

/** One CLI flag generated from a leaf field of a zod object schema. */
export interface SchemaFlag {
  /** Dotted kebab-case name without `--`: `algorithm.learning-rate`, `profiles-per-step`. */
  name: string;
  /** Path of the config field: `['algorithm', 'learningRate']`. */
  path: string[];
  kind: SchemaFlagKind;
  /** Whether `null` is accepted (`--algorithm.target-kl null`). */
  nullable: boolean;
  /** Allowed values of an `enum` (or `list` items). */
  choices?: readonly string[];
  /** From the schema's `.describe()`. */
  description: string;
  /** The schema's default, if it has one. */
  defaultValue?: unknown;
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } }; description?: string };

/** `learningRate` → `learning-rate`, `baseURL` → `base-url`, `kl_coefficient` → `kl-coefficient`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** A flag name as typed (any of camel, snake or kebab segments) in the generated spelling. */
export function normalizeFlagName(name: string): string {
  return name.split('.').map(kebabCase).join('.');
}

interface Unwrapped {
  schema: AnySchema;
  nullable: boolean;
  description?: string;
  defaultValue?: unknown;
}

/** Strip default / optional / nullable / readonly / pipe wrappers, keeping what they say. */
function unwrap(schema: AnySchema): Unwrapped {
  let current = schema;
  let nullable = false;
  let description = schema.description;
  let defaultValue: unknown;
  for (;;) {
    const def = current._zod.def;
    if (def.type === 'default' || def.type === 'prefault') {
      if (defaultValue === undefined) defaultValue = def.defaultValue;
      current = def.innerType as AnySchema;
    } else if (def.type === 'optional' || def.type === 'readonly') current = def.innerType as AnySchema;
    else if (def.type === 'nullable') {
      nullable = true;
      current = def.innerType as AnySchema;
    } else if (def.type === 'pipe') current = def.out as AnySchema;
    else break;
    description ??= current.description;
  }
  return { schema: current, nullable, description, defaultValue };
}

function leafKind(schema: AnySchema): { kind: SchemaFlagKind; choices?: readonly string[] } | undefined {
  const def = schema._zod.def;
  if (def.type === 'number') return { kind: (schema as unknown as { isInt: boolean }).isInt ? 'integer' : 'number' };
  if (def.type === 'string') return { kind: 'string' };
  if (def.type === 'boolean') return { kind: 'boolean' };
  if (def.type === 'enum') return { kind: 'enum', choices: (schema as unknown as { options: string[] }).options };
  if (def.type === 'literal') return { kind: 'enum', choices: (def.values as unknown[]).map(String) };
  if (def.type === 'array') {
    const item = unwrap(def.element as AnySchema).schema;
    const choices = item._zod.def.type === 'enum' ? (item as unknown as { options: string[] }).options : undefined;
    return { kind: 'list', choices };
  }
  return undefined;
}

/**
 * The flags of every leaf field of a zod object schema, nested objects as dotted names (`sampling.top-p`), in
 * the schema's order. Fields of other types (records, unions) get no flag.
 */
export function describeSchemaFlags(schema: z.ZodType, prefix: readonly string[] = []): SchemaFlag[] {
  const shape = (unwrap(schema as AnySchema).schema as unknown as { shape?: Record<string, AnySchema> }).shape ?? {};
  return Object.entries(shape).flatMap(([key, field]) => {
    const path = [...prefix, key];
    const unwrapped = unwrap(field);
    if (unwrapped.schema._zod.def.type === 'object') return describeSchemaFlags(unwrapped.schema, path);
    const leaf = leafKind(unwrapped.schema);
    if (!leaf) return [];
    return [
      {
        name: path.map(kebabCase).join('.'),
        path,
        kind: leaf.kind,
        nullable: unwrapped.nullable,
        ...(leaf.choices ? { choices: leaf.choices } : {}),
        description: (unwrapped.description ?? '').replace(/\.$/, ''),
        ...(unwrapped.defaultValue !== undefined ? { defaultValue: unwrapped.defaultValue } : {}),
      },
    ];
  });
}
