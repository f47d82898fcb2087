import type { FlagAlias } from './parse-schema-flags';
import type { SchemaFlag } from './schema-flags';

/** A titled group of generated flags in `--help`. */
export interface SchemaHelpSection {
  title: string;
  flags: readonly (SchemaFlag & { note?: string })[];
}

const show = (value: unknown) => (Array.isArray(value) ? value.join(',') || '[]' : String(value));

/** One help line per flag: name, value placeholder, description, choices and default. */
export function formatSchemaFlag(flag: SchemaFlag & { note?: string }, width = 34): string {
  const placeholder =
    flag.kind === 'boolean' ? '' : flag.kind === 'list' ? ' <a,b>' : flag.kind === 'enum' ? ' <choice>' : ' <value>';
  const extras = [
    flag.choices
      ? `one of: ${flag.choices.join(', ')}${flag.nullable ? ', null' : ''}`
      : flag.nullable
        ? 'or null'
        : undefined,
    flag.defaultValue !== undefined ? `default: ${show(flag.defaultValue)}` : undefined,
    flag.note,
  ].filter(Boolean);
  const label = `--${flag.name}${placeholder}`;
  return `  ${label.padEnd(width)} ${flag.description}${extras.length ? ` (${extras.join('; ')})` : ''}`;
}

/**
 * `--help` text from generated flags: usage, summary, command flags, the sections, aliases, then free text.
 * Nothing in it is kept by hand: names, types, choices, defaults and descriptions come from the schemas.
 */
export function formatSchemaHelp(options: {
  usage: string;
  summary: string;
  commandFlags: Readonly<Record<string, string>>;
  sections: readonly SchemaHelpSection[];
  aliases?: Readonly<Record<string, FlagAlias>>;
  details?: string;
}): string {
  const lines = [`Usage: ${options.usage}`, '', options.summary, '', 'Command:'];
  for (const [name, description] of Object.entries(options.commandFlags))
    lines.push(`  ${`--${name}`.padEnd(34)} ${description}`);
  for (const section of options.sections) {
    lines.push('', `${section.title}:`);
    for (const flag of section.flags) lines.push(formatSchemaFlag(flag));
  }
  if (options.aliases && Object.keys(options.aliases).length > 0) {
    lines.push('', 'Short forms:');
    for (const [name, alias] of Object.entries(options.aliases)) {
      const target = 'value' in alias ? `--${alias.target}=${String(alias.value)}` : `--${alias.target}`;
      lines.push(`  ${`--${name}`.padEnd(34)} ${alias.description} (= ${target})`);
    }
  }
  lines.push('', 'Flag names take kebab, snake or camel case per dotted segment: --algorithm.kl-coefficient,');
  lines.push(
    '--algorithm.kl_coefficient and --algorithm.klCoefficient are the same flag; `null` sets a nullable field.',
  );
  if (options.details) lines.push('', options.details.trimEnd());
  return `${lines.join('\n')}\n`;
}
