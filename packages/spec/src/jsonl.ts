import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { InvalidInputError } from './errors/invalid-input-error';
import { readUtf8File } from './read-utf8-file';
import { safeParseJSON } from './safe-parse-json';

export interface JsonlLineError {
  line: number;
  field: string | undefined;
  message: string;
}

export interface ParseJsonlOptions {
  /** File name for error messages. */
  file?: string;
  /** `throw` (default): the first bad line throws `InvalidInputError`. `collect`: bad lines are returned. */
  onError?: 'throw' | 'collect';
}

/**
 * Parse JSONL text line by line with a zod schema. Blank lines are skipped.
 * Errors name the file, the 1-based line and the field.
 */
export function parseJsonl<T>(
  text: string,
  schema: z.ZodType<T>,
  options: ParseJsonlOptions = {},
): { records: Array<{ line: number; value: T }>; errors: JsonlLineError[] } {
  const records: Array<{ line: number; value: T }> = [];
  const errors: JsonlLineError[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const raw = (lines[index] ?? '').replace(/\r$/, '');
    if (raw.trim() === '') continue;
    const parsed = safeParseJSON(raw, schema);
    if (parsed.success) {
      records.push({ line: index + 1, value: parsed.value });
      continue;
    }
    const lineError = { line: index + 1, field: parsed.field, message: parsed.error.message };
    if ((options.onError ?? 'throw') === 'throw') {
      throw new InvalidInputError({ message: lineError.message, file: options.file, line: lineError.line });
    }
    errors.push(lineError);
  }
  return { records, errors };
}

/** Read and validate a JSONL file; a missing file is an `InvalidInputError` naming it. */
export function readJsonlFile<T>(file: string, schema: z.ZodType<T>, options: Omit<ParseJsonlOptions, 'file'> = {}) {
  if (!existsSync(file)) {
    throw new InvalidInputError({ message: 'file not found; check the path', file });
  }
  return parseJsonl(readUtf8File(file), schema, { ...options, file });
}

/**
 * Append one record as one JSON line with a single `write` on an `O_APPEND` descriptor, then fsync:
 * a crash never leaves half a line behind an earlier complete one, and concurrent appends do not interleave.
 */
export function appendJsonlLine(file: string, record: unknown, options: { fsync?: boolean } = {}): void {
  mkdirSync(dirname(file), { recursive: true });
  const line = `${JSON.stringify(record)}\n`;
  if (options.fsync === false) {
    appendFileSync(file, line);
    return;
  }
  const descriptor = openSync(file, 'a');
  try {
    writeSync(descriptor, line);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Read the complete lines of an append-only results file, ignoring a torn last line left by a crash.
 * Used to resume runs.
 */
export function readCompleteJsonl<T>(file: string, schema: z.ZodType<T>): { records: T[]; tornLine: boolean } {
  if (!existsSync(file)) return { records: [], tornLine: false };
  const text = readUtf8File(file);
  const complete = text.endsWith('\n') ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  const { records } = parseJsonl(complete, schema, { file });
  return { records: records.map((record) => record.value), tornLine: complete.length !== text.length };
}
