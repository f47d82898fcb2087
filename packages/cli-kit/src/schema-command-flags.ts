import type { FlagSpec, ParsedFlags } from './parse-command-args';
import { convertSchemaFlagValue, setPath } from './parse-schema-flags';
import type { SchemaFlag } from './schema-flags';

/**
 * Flags generated from a config schema (`describeSchemaFlags`) as `CommandSpec` flags, so that a command parsed by
 * `parseCommandArgs` can take a config block as dotted flags (`--endpoints.judge.base-url`) with generated help.
 */
export function schemaCommandFlags(flags: readonly SchemaFlag[]): Record<string, FlagSpec> {
  return Object.fromEntries(
    flags.map((flag) => {
      const kind = flag.kind === 'integer' ? 'integer' : flag.kind === 'number' ? 'number' : undefined;
      const description = `${flag.description || flag.path.join('.')}${kind ? ` (${kind})` : ''}`;
      const spec: FlagSpec =
        flag.kind === 'boolean'
          ? { type: 'boolean', description }
          : { type: 'string', description, ...(flag.choices ? { choices: flag.choices } : {}) };
      return [flag.name, spec];
    }),
  );
}

/**
 * The config values of the schema flags set in `parsed` (from `parseCommandArgs`), nested by path, with the flag
 * as typed for each set path (for errors). A value of the wrong type throws `InvalidConfigError` naming the flag.
 */
export function schemaFlagOverrides(
  parsed: ParsedFlags,
  flags: readonly SchemaFlag[],
): { overrides: Record<string, unknown>; flagNames: Map<string, string> } {
  const overrides: Record<string, unknown> = {};
  const flagNames = new Map<string, string>();
  for (const flag of flags) {
    const raw = parsed[flag.name];
    if (raw === undefined) continue;
    const typed = `--${flag.name}`;
    const value = typeof raw === 'boolean' ? raw : convertSchemaFlagValue(flag, typed, String(raw));
    setPath(overrides, flag.path, value);
    flagNames.set(flag.path.join('.'), typed);
  }
  return { overrides, flagNames };
}
