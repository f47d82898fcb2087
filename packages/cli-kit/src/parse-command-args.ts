import { parseArgs } from 'node:util';
import { InvalidConfigError } from '@rlver/spec';

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in --help. */
  description: string;
  default?: string | boolean;
  /** Allowed values (strings), checked with a clear error. */
  choices?: readonly string[];
  multiple?: boolean;
}

export interface CommandSpec {
  /** e.g. `rlver-eval run`. */
  usage: string;
  summary: string;
  flags: Record<string, FlagSpec>;
  /** Free text after the flag table (examples, notes). */
  details?: string;
  positionals?: { name: string; description: string; optional?: boolean }[];
  /** The program's version: when set, `--version` is accepted (parse result `version: true`) and listed in --help. */
  version?: string;
}

/** Render `--help` for a command. */
export function formatHelp(spec: CommandSpec): string {
  const lines = [`Usage: ${spec.usage}`, '', spec.summary, ''];
  if (spec.positionals?.length) {
    lines.push('Arguments:');
    for (const positional of spec.positionals) lines.push(`  ${positional.name.padEnd(26)} ${positional.description}`);
    lines.push('');
  }
  lines.push('Options:');
  const entries = Object.entries(spec.flags);
  entries.push(['help', { type: 'boolean', short: 'h', description: 'Show this help' }]);
  if (spec.version !== undefined)
    entries.push(['version', { type: 'boolean', description: `Print the version (${spec.version}) and exit` }]);
  for (const [name, flag] of entries) {
    const label = `${flag.short ? `-${flag.short}, ` : ''}--${name}${flag.type === 'string' ? ' <value>' : ''}`;
    const extras = [
      flag.choices ? `one of: ${flag.choices.join(', ')}` : undefined,
      flag.default !== undefined && flag.default !== false ? `default: ${String(flag.default)}` : undefined,
    ].filter(Boolean);
    lines.push(`  ${label.padEnd(26)} ${flag.description}${extras.length ? ` (${extras.join('; ')})` : ''}`);
  }
  if (spec.details) lines.push('', spec.details.trimEnd());
  return `${lines.join('\n')}\n`;
}

export type ParsedFlags = Record<string, string | boolean | string[] | undefined>;

/**
 * Parse argv strictly. Unknown flags and bad choices throw `InvalidConfigError` naming the flag and the fix.
 * Returns `help: true` when -h/--help is given, `version: true` when --version is (only if `spec.version` is set).
 */
export function parseCommandArgs(
  argv: string[],
  spec: CommandSpec,
): { flags: ParsedFlags; positionals: string[]; help: boolean; version: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    help: { type: 'boolean', short: 'h' },
    ...(spec.version !== undefined ? { version: { type: 'boolean' as const } } : {}),
  };
  for (const [name, flag] of Object.entries(spec.flags)) {
    options[name] = {
      type: flag.type,
      ...(flag.short ? { short: flag.short } : {}),
      ...(flag.multiple ? { multiple: true } : {}),
    };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const command = spec.usage.split(' ').slice(0, 2).join(' ');
    throw new InvalidConfigError({
      message: `${message.replace(/\. To specify a positional.*$/s, '')}. See \`${command} --help\`.`,
      cause: error,
    });
  }
  const flags: ParsedFlags = {};
  for (const [name, flag] of Object.entries(spec.flags)) {
    const value = (parsed.values as ParsedFlags)[name] ?? flag.default;
    if (flag.choices && typeof value === 'string' && !flag.choices.includes(value)) {
      throw new InvalidConfigError({
        field: `--${name}`,
        message: `--${name} "${value}" is not valid; use one of: ${flag.choices.join(', ')}`,
      });
    }
    flags[name] = value;
  }
  const values = parsed.values as ParsedFlags;
  return { flags, positionals: parsed.positionals, help: Boolean(values.help), version: Boolean(values.version) };
}

/** Parse a flag as a number within bounds, or throw an error that names the flag. */
export function numberFlag(
  flags: ParsedFlags,
  name: string,
  options: { min?: number; max?: number; integer?: boolean } = {},
): number | undefined {
  const raw = flags[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const kind = options.integer ? 'an integer' : 'a number';
  if (
    typeof raw !== 'string' ||
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    (options.integer && !Number.isInteger(value))
  ) {
    throw new InvalidConfigError({ field: `--${name}`, message: `--${name} "${String(raw)}" is not ${kind}` });
  }
  if (options.min !== undefined && value < options.min) {
    throw new InvalidConfigError({ field: `--${name}`, message: `--${name} is ${value}; it must be ≥ ${options.min}` });
  }
  if (options.max !== undefined && value > options.max) {
    throw new InvalidConfigError({ field: `--${name}`, message: `--${name} is ${value}; it must be ≤ ${options.max}` });
  }
  return value;
}
