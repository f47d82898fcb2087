import { safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import { changeFieldProblem, fieldOccurrences } from './change-field-guard';
import {
  cleanFieldValue,
  excerpt,
  locateFieldsBackwards,
  normaliseAnalysisText,
  type ParseOutcome,
  pythonSplitAt,
  stripChars,
} from './parse-text';
import { ANALYSIS_LABELS, type PromptVariant } from './prompt-pack';

/** How outputs are parsed: `parity` = the reference's string splits; `clean` = tolerant labelled parsing; `structured` = JSON schema first, labelled fallback. */
export type ParseMode = 'parity' | 'clean' | 'structured';

/** Δ extraction (spec §3.12): `first-integer` (sage) or `whole-line` (rlver-train, "-5分" fails). */
export type DeltaRule = 'first-integer' | 'whole-line';

/** The five analysis fields; `objective` is `TargetCompletion` (sage) or `Reason` (rlver-train). */
export interface ParsedAnalysis {
  content: string;
  objective: string;
  activity: string;
  analyse: string;
  /** Raw text of the Change field. */
  changeText: string;
  /** Proposed Δ before clamps. */
  change: number;
}

export interface ParseAnalysisOptions {
  variant: PromptVariant;
  mode: ParseMode;
  deltaRule: DeltaRule;
  /** Placeholder text per label, to drop echoed placeholder lines in clean mode. */
  placeholders: Readonly<Record<string, string>>;
}

/**
 * Signs and digits as models write them besides ASCII: the minus sign U+2212, dashes, full-width and small forms.
 * Without this, `Change: −5` would read as +5 (the first-integer rule skips the sign it does not know).
 */
function normaliseSignsAndDigits(text: string): string {
  return text
    .replace(/[\u2212\u2012\u2013\u2014\uFE63\uFF0D](?=\s*[0-9\uFF10-\uFF19])/g, '-')
    .replace(/[\uFE62\uFF0B](?=\s*[0-9\uFF10-\uFF19])/g, '+')
    .replace(/[\uFF10-\uFF19]/g, (digit) => String(digit.charCodeAt(0) - 0xff10));
}

/** Extract Δ from the Change field by the preset's rule; `undefined` when it yields no integer. */
export function extractDelta(rawChangeText: string, rule: DeltaRule): number | undefined {
  const changeText = normaliseSignsAndDigits(rawChangeText);
  if (rule === 'first-integer') {
    const match = /[+-]?\d+/.exec(changeText);
    return match ? Number.parseInt(match[0], 10) : undefined;
  }
  const lines = changeText.split('\n');
  const line = /变化|change/i.test(changeText) ? lines[lines.length - 1] : lines[0];
  const bare = stripChars(line ?? '', '[]“”').trim();
  return /^[+-]?\d+$/.test(bare) ? Number.parseInt(bare, 10) : undefined;
}

function finish(
  fields: Omit<ParsedAnalysis, 'change'>,
  rule: DeltaRule,
  warnings: string[],
): ParseOutcome<ParsedAnalysis> {
  const change = extractDelta(fields.changeText, rule);
  if (change === undefined) {
    return { ok: false, reason: `no integer in the Change field (rule ${rule}): "${excerpt(fields.changeText, 60)}"` };
  }
  return { ok: true, value: { ...fields, change }, warnings };
}

/** Reference behaviour (spec §3.6, §3.12): `split(label)[1]`, cut at the next `label:\n`, strip `\n[]`. */
function parseParity(text: string, options: ParseAnalysisOptions): ParseOutcome<ParsedAnalysis> {
  const normalised = normaliseAnalysisText(text);
  const labels = ANALYSIS_LABELS[options.variant];
  // Beyond the reference: the first `Change:` must be the analysis' own last field, never one quoted from the reply.
  const changeAt = normalised.indexOf('Change:');
  if (changeAt >= 0) {
    const anywhere = labels.flatMap((label) =>
      [...normalised.matchAll(new RegExp(`${label}:`, 'g'))].map((match) => ({ label, index: match.index })),
    );
    const problem = changeFieldProblem(
      normalised,
      { index: changeAt, end: changeAt + 'Change:'.length },
      anywhere,
      labels,
    );
    if (problem) return { ok: false, reason: problem };
  }
  const values: string[] = [];
  for (const [index, label] of labels.entries()) {
    const after = pythonSplitAt(normalised, `${label}:`, 1);
    if (after === undefined) return { ok: false, reason: `label "${label}:" missing` };
    const next = labels[index + 1];
    let value = next === undefined ? after : (after.split(`${next}:\n`)[0] ?? '');
    value = stripChars(value, '\n[]');
    if (options.variant === 'rlver-train') value = value.replace(/\n\n/g, '\n');
    values.push(value);
  }
  const [content = '', objective = '', activity = '', analyse = '', changeText = ''] = values;
  return finish({ content, objective, activity, analyse, changeText }, options.deltaRule, []);
}

/** Tolerant parsing: labels at line starts, found backwards; placeholders and chatter dropped. */
function parseClean(text: string, options: ParseAnalysisOptions): ParseOutcome<ParsedAnalysis> {
  const normalised = normaliseAnalysisText(text).replace(/\r\n/g, '\n');
  const labels = ANALYSIS_LABELS[options.variant];
  const found = locateFieldsBackwards(normalised, labels);
  if (!found.has('Change')) return { ok: false, reason: 'label "Change:" missing (output truncated or off-format?)' };
  const occurrences = fieldOccurrences(normalised, labels);
  const change = occurrences.filter((item) => item.label === 'Change').at(-1);
  const problem = change && changeFieldProblem(normalised, change, occurrences, labels);
  if (problem) return { ok: false, reason: problem };
  const warnings: string[] = [];
  const values = labels.map((label) => {
    const raw = found.get(label);
    if (raw === undefined) warnings.push(`analysis field ${label} missing`);
    let value = cleanFieldValue(raw ?? '', options.placeholders[label]);
    if (options.variant === 'rlver-train') value = value.replace(/\n\n/g, '\n');
    return value;
  });
  const [content = '', objective = '', activity = '', analyse = '', changeText = ''] = values;
  return finish({ content, objective, activity, analyse, changeText }, options.deltaRule, warnings);
}

const nullishText = z.string().nullish();

function structuredSchema(variant: PromptVariant) {
  return z.object({
    content: nullishText,
    targetCompletion: variant === 'sage' ? nullishText : nullishText.optional(),
    reason: variant === 'rlver-train' ? nullishText : nullishText.optional(),
    activity: nullishText,
    analyse: nullishText,
    change: z.number().int(),
  });
}

function parseStructured(text: string, options: ParseAnalysisOptions): ParseOutcome<ParsedAnalysis> {
  const unfenced = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const parsed = safeParseJSON(unfenced, structuredSchema(options.variant));
  if (parsed.success) {
    const value = parsed.value;
    return {
      ok: true,
      value: {
        content: value.content ?? '',
        objective: (options.variant === 'sage' ? value.targetCompletion : value.reason) ?? '',
        activity: value.activity ?? '',
        analyse: value.analyse ?? '',
        changeText: String(value.change),
        change: value.change,
      },
      warnings: [],
    };
  }
  const fallback = parseClean(text, options);
  if (!fallback.ok) return { ok: false, reason: `invalid JSON (${parsed.error.message}); ${fallback.reason}` };
  return {
    ...fallback,
    warnings: ['structured analysis was not valid JSON; parsed the labelled fields', ...fallback.warnings],
  };
}

/** JSON schema sent as `response_format` in structured mode: five fields, integer `change`. */
export function structuredAnalysisJsonSchema(variant: PromptVariant): Record<string, unknown> {
  const objectiveKey = variant === 'sage' ? 'targetCompletion' : 'reason';
  const keys = ['content', objectiveKey, 'activity', 'analyse'];
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
      change: { type: 'integer', description: 'signed emotion change' },
    },
    required: [...keys, 'change'],
    additionalProperties: false,
  };
}

/**
 * Parse an analysis-stage output (spec §3.6). A failure means: resample. In every mode `Change` counts only as
 * the analysis' own last field (see `changeFieldProblem`): a Change quoted from the policy's reply never scores.
 */
export function parseAnalysis(text: string, options: ParseAnalysisOptions): ParseOutcome<ParsedAnalysis> {
  if (options.mode === 'parity') return parseParity(text, options);
  if (options.mode === 'structured') return parseStructured(text, options);
  return parseClean(text, options);
}
