import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { InvalidLLMOutputError, languageSchema, type StrategyTaggerV1, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';

/** One input line of `rlver-eval tag`: the reply text and, optionally, its language. Other fields are ignored. */
export const tagInputLineSchema = z.object({ text: z.string(), lang: languageSchema.optional() });

export interface TagJsonlOptions {
  input: Readable;
  /** Receives one JSON line per non-blank input line: `{labels, cues}` or `{error, line}`. */
  output: Writable;
  /** Receives `<source>:<line>: <message>` for each malformed line. */
  errors: Writable;
  tagger: StrategyTaggerV1;
  /** Name of the input in messages (file path or `stdin`). */
  source?: string;
}

export interface TagJsonlSummary {
  /** Non-blank lines read. */
  lines: number;
  /** Lines answered with an `{error, line}` record. */
  failed: number;
}

function write(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Tag a JSONL stream line by line. A malformed line (bad JSON, missing `text`, unknown `lang`) or a reply the
 * LLM tagger could not label is reported on `errors` with its line number and answered with an
 * `{"error", "line"}` record, so outputs stay aligned with inputs; the run continues. Blank lines are skipped.
 * Other errors (e.g. the LLM endpoint is down) propagate.
 */
export async function tagJsonl(options: TagJsonlOptions): Promise<TagJsonlSummary> {
  const source = options.source ?? 'stdin';
  const reader = createInterface({ input: options.input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  const summary: TagJsonlSummary = { lines: 0, failed: 0 };
  for await (const raw of reader) {
    lineNumber += 1;
    if (raw.trim() === '') continue;
    summary.lines += 1;
    const parsed = safeParseJSON(raw, tagInputLineSchema);
    let record: unknown;
    if (!parsed.success) {
      record = { error: `${parsed.error.message}; expected {"text": "...", "lang"?: "zh"|"en"}`, line: lineNumber };
    } else {
      try {
        record = await options.tagger.doTag({ text: parsed.value.text, lang: parsed.value.lang });
      } catch (error) {
        if (!InvalidLLMOutputError.isInstance(error)) throw error;
        record = { error: error.message, line: lineNumber };
      }
    }
    if (record && typeof record === 'object' && 'error' in record) {
      summary.failed += 1;
      await write(options.errors, `${source}:${lineNumber}: ${(record as { error: string }).error}\n`);
    }
    await write(options.output, `${JSON.stringify(record)}\n`);
  }
  return summary;
}
