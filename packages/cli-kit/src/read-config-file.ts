import { existsSync } from 'node:fs';
import { InvalidConfigError, readUtf8File } from '@rlver/spec';
import { isMap, LineCounter, parseDocument } from 'yaml';

/** Where a config value came from, to name it in error messages. */
export interface ConfigSource {
  file?: string;
  /** Line of each top-level or nested field in the file (`a.b` → line). */
  lines: Map<string, number>;
}

/** Read a YAML or JSON config file (`--config`) into a plain object, remembering each field's line for errors. */
export function readConfigFile(file: string): { values: Record<string, unknown>; source: ConfigSource } {
  if (!existsSync(file)) {
    throw new InvalidConfigError({
      field: '--config',
      message: `config file ${file} not found; check the --config path`,
    });
  }
  const text = readUtf8File(file);
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true });
  if (document.errors.length > 0) {
    const first = document.errors[0];
    const line = first?.linePos?.[0]?.line;
    throw new InvalidConfigError({
      field: '--config',
      message: `${file}${line ? ` line ${line}` : ''}: not valid YAML/JSON: ${first?.message.split('\n')[0] ?? 'parse error'}`,
    });
  }
  const lines = new Map<string, number>();
  const visit = (node: unknown, prefix: string) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      const path = prefix ? `${prefix}.${key}` : key;
      const range = (pair.key as { range?: [number, number, number] })?.range;
      if (range) lines.set(path, lineCounter.linePos(range[0]).line);
      visit(pair.value, path);
    }
  };
  visit(document.contents, '');
  const values = document.toJS() as unknown;
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new InvalidConfigError({
      field: '--config',
      message: `${file}: the config must be a mapping of fields (one "field: value" per line)`,
    });
  }
  return { values: values as Record<string, unknown>, source: { file, lines } };
}

/** Where a config field came from: its flag, or the file and line, or just its path. */
export function describeFieldSource(path: string, source: ConfigSource, flagNames: Map<string, string>): string {
  const flag = flagNames.get(path);
  const line = source.lines.get(path);
  if (flag) return flag;
  return source.file ? `${source.file}${line ? ` line ${line}` : ''}: field "${path}"` : `field "${path}"`;
}
