import { InvalidConfigError } from '@rlver/spec';
import { normalizeFlagName, type SchemaFlag } from './schema-flags';

/** A short or legacy flag that sets a config field (`--no-eval` → `evaluate: false`, `--timeout-ms` → …). */
export interface FlagAlias {
  /** The field it sets, as a generated flag name (`simulator-endpoint.timeout-ms`). */
  target: string;
  /** A fixed value (a boolean alias such as `--no-eval`); without it the alias takes the target's value. */
  value?: unknown;
  description: string;
}

export interface ParseSchemaFlagsOptions {
  /** Generated flags (`describeSchemaFlags`). */
  flags: readonly SchemaFlag[];
  aliases?: Readonly<Record<string, FlagAlias>>;
  /** Flags of the command itself, not config fields: `boolean` ones take no value. */
  commandFlags?: Readonly<Record<string, 'string' | 'boolean'>>;
  /** Named in errors: `rlver-train`. */
  command: string;
}

export interface ParsedSchemaFlags {
  /** Config values by path, nested (`{ algorithm: { learningRate: 0.001 } }`). */
  overrides: Record<string, unknown>;
  /** The flag as typed for each set field path (`algorithm.learningRate` → `--algorithm.learning_rate`). */
  flagNames: Map<string, string>;
  /** Values of the command flags. */
  command: Record<string, string | boolean>;
}

/** Set `value` at a nested `path` of `target`, creating the objects on the way. */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  path.slice(0, -1).forEach((key) => {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  node[path[path.length - 1] as string] = value;
}

/** The text value of a schema flag as its field's type, or an `InvalidConfigError` naming the flag and what it accepts. */
export function convertSchemaFlagValue(flag: SchemaFlag, typed: string, raw: string): unknown {
  const fail = (what: string) => new InvalidConfigError({ field: typed, message: `${typed} "${raw}" is not ${what}` });
  if (flag.nullable && raw === 'null') return null;
  if (flag.kind === 'number' || flag.kind === 'integer') {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) throw fail('a number');
    if (flag.kind === 'integer' && !Number.isInteger(value)) throw fail('an integer');
    return value;
  }
  if (flag.kind === 'boolean') {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw fail('true or false');
  }
  if (flag.kind === 'enum' && flag.choices && !flag.choices.includes(raw)) {
    throw fail(`valid; use one of: ${flag.choices.join(', ')}${flag.nullable ? ', null' : ''}`);
  }
  return raw;
}

/** Known flags closest to an unknown one (shared prefix or last segment), for the error message. */
function suggest(name: string, known: readonly string[]): string[] {
  const last = name.split('.').pop() ?? name;
  return known
    .filter((candidate) => candidate.endsWith(`.${last}`) || candidate === last || candidate.startsWith(name))
    .slice(0, 3);
}

/**
 * Parse argv against flags generated from a config schema: `--name value`, `--name=value`, bare booleans. Names are
 * accepted in kebab, snake or camel case per dotted segment (`--algorithm.kl_coefficient`,
 * `--algorithm.klCoefficient`). Unknown flags and bad values throw `InvalidConfigError` naming the flag.
 */
export function parseSchemaFlags(argv: readonly string[], options: ParseSchemaFlagsOptions): ParsedSchemaFlags {
  const byName = new Map(options.flags.map((flag) => [flag.name, flag]));
  const commandFlags = options.commandFlags ?? {};
  const result: ParsedSchemaFlags = { overrides: {}, flagNames: new Map(), command: {} };
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] as string;
    if (!token.startsWith('--') && !(token === '-h')) {
      throw new InvalidConfigError({
        message: `unexpected argument "${token}"; ${options.command} takes only flags (see ${options.command} --help)`,
      });
    }
    const [typedName, inlineValue] = token === '-h' ? ['help', undefined] : splitFlag(token.slice(2));
    const name = normalizeFlagName(typedName);
    const typed = token === '-h' ? '-h' : `--${typedName}`;
    const takeValue = (): string => {
      if (inlineValue !== undefined) return inlineValue;
      const next = argv[index + 1];
      if (next === undefined || (next.startsWith('--') && !/^--?\d/.test(next))) {
        throw new InvalidConfigError({ field: typed, message: `${typed} needs a value` });
      }
      index += 1;
      return next;
    };
    if (name in commandFlags) {
      result.command[name] = commandFlags[name] === 'boolean' ? inlineValue !== 'false' : takeValue();
      continue;
    }
    const alias = options.aliases?.[name];
    const flag = byName.get(alias ? alias.target : name);
    if (!flag) {
      const near = suggest(name, [...byName.keys(), ...Object.keys(options.aliases ?? {})]);
      throw new InvalidConfigError({
        field: typed,
        message: `unknown flag ${typed}${near.length > 0 ? `; did you mean ${near.map((item) => `--${item}`).join(', ')}?` : ''} See \`${options.command} --help\`.`,
      });
    }
    let value: unknown;
    if (alias && 'value' in alias) value = alias.value;
    else if (flag.kind === 'boolean' && inlineValue === undefined) value = true;
    else value = convertSchemaFlagValue(flag, typed, takeValue());
    setPath(result.overrides, flag.path, value);
    result.flagNames.set(flag.path.join('.'), typed);
  }
  return result;
}

function splitFlag(text: string): [string, string | undefined] {
  const equals = text.indexOf('=');
  return equals < 0 ? [text, undefined] : [text.slice(0, equals), text.slice(equals + 1)];
}
