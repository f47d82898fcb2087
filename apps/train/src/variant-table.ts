import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonl, trajectorySchema } from '@rlver/spec';
import { meanAndStd } from '@rlver/stats';
import { pooledThinkDependence, thinkFormatShare, trainingSummarySchema } from '@rlver/trainer';

const DEGENERATE = 'monitor/degenerate_fraction';
const MIXED = 'monitor/degenerate_mixed_language_fraction';

/** One finished run of the variant comparison, as read from its folder. */
export interface VariantRun {
  variant: string;
  seed: number;
  runId: string;
  before: number | null;
  after: number | null;
  gain: number | null;
  /** Steps trained (fewer than configured when the degeneration stop ended the run). */
  stepsTrained: number | null;
  stepsConfigured: number;
  degenerateBefore: number | null;
  degenerateAfter: number | null;
  mixedLanguageBefore: number | null;
  mixedLanguageAfter: number | null;
  /** Held-out replies in the think format; null for runs without think. */
  thinkFormatBefore: number | null;
  thinkFormatAfter: number | null;
  /** Think dependence: swapped − control share of replies taking the donor's strategy; null when not measured. */
  thinkDependenceLift: number | null;
  wallSeconds: number;
}

/** Share of a benchmark folder's replies in the think format, from its results.jsonl (null when absent). */
function formatShareOf(benchmarkDirectory: string): number | null {
  const file = join(benchmarkDirectory, 'results.jsonl');
  if (!existsSync(file)) return null;
  return thinkFormatShare(
    parseJsonl(readFileSync(file, 'utf8'), trajectorySchema, { file }).records.map((record) => record.value),
  );
}

/**
 * Read a finished run (`summary.json`) of the comparison. Think format rates come from the summary's `thinkCheck`,
 * else from the benchmark replies (runs written before the summary had them).
 */
export function readVariantRun(runDirectory: string, variant: string, seed: number): VariantRun {
  const file = join(runDirectory, 'summary.json');
  const summary = trainingSummarySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const monitor = (score: typeof summary.before, key: string) => score?.monitors?.metrics[key] ?? null;
  const think = summary.think;
  const pooled = summary.thinkCheck?.dependence ? pooledThinkDependence(summary.thinkCheck.dependence) : null;
  return {
    variant,
    seed,
    runId: summary.runId,
    before: summary.before?.score ?? null,
    after: summary.after?.score ?? null,
    gain: summary.improvement,
    stepsTrained: summary.training ? summary.training.last.to + 1 : null,
    stepsConfigured: summary.steps,
    degenerateBefore: monitor(summary.before, DEGENERATE),
    degenerateAfter: monitor(summary.after, DEGENERATE),
    mixedLanguageBefore: monitor(summary.before, MIXED),
    mixedLanguageAfter: monitor(summary.after, MIXED),
    thinkFormatBefore: think ? (summary.thinkCheck?.formatBefore ?? formatShareOf(join(runDirectory, 'before'))) : null,
    thinkFormatAfter: think ? (summary.thinkCheck?.formatAfter ?? formatShareOf(join(runDirectory, 'after'))) : null,
    thinkDependenceLift: pooled?.lift ?? null,
    wallSeconds: summary.wallSeconds,
  };
}

/** Mean and sample std of the present values of one field over a variant's runs. */
export interface Spread {
  mean: number;
  std: number;
  n: number;
}

/** The table row of one variant: every field as mean ± sd over its seeds. */
export interface VariantGroup {
  variant: string;
  seeds: number[];
  gain: Spread | null;
  before: Spread | null;
  after: Spread | null;
  degenerateBefore: Spread | null;
  degenerateAfter: Spread | null;
  mixedLanguageAfter: Spread | null;
  thinkFormatBefore: Spread | null;
  thinkFormatAfter: Spread | null;
  thinkDependenceLift: Spread | null;
  wallSeconds: Spread | null;
  /** Runs the degeneration stop ended before their last step. */
  stoppedEarly: number;
}

function spread(values: ReadonlyArray<number | null>): Spread | null {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (present.length === 0) return null;
  return { ...meanAndStd(present), n: present.length };
}

/** Group runs by variant (in the order given) into the table's rows. */
export function groupVariantRuns(runs: readonly VariantRun[], variants: readonly string[]): VariantGroup[] {
  return variants.flatMap((variant) => {
    const group = runs.filter((run) => run.variant === variant);
    if (group.length === 0) return [];
    const of = (read: (run: VariantRun) => number | null) => spread(group.map(read));
    return [
      {
        variant,
        seeds: group.map((run) => run.seed),
        gain: of((run) => run.gain),
        before: of((run) => run.before),
        after: of((run) => run.after),
        degenerateBefore: of((run) => run.degenerateBefore),
        degenerateAfter: of((run) => run.degenerateAfter),
        mixedLanguageAfter: of((run) => run.mixedLanguageAfter),
        thinkFormatBefore: of((run) => run.thinkFormatBefore),
        thinkFormatAfter: of((run) => run.thinkFormatAfter),
        thinkDependenceLift: of((run) => run.thinkDependenceLift),
        wallSeconds: of((run) => run.wallSeconds),
        stoppedEarly: group.filter((run) => run.stepsTrained !== null && run.stepsTrained < run.stepsConfigured).length,
      },
    ];
  });
}

const points = (value: Spread | null, digits = 1) =>
  value === null ? '–' : `${value.mean.toFixed(digits)} ± ${value.std.toFixed(digits)}`;
const percent = (value: Spread | null) =>
  value === null ? '–' : `${(100 * value.mean).toFixed(1)} ± ${(100 * value.std).toFixed(1)} %`;

/** The 4-variant table as Markdown: mean ± sd over seeds (sample sd; 0 for one seed). */
export function variantTableMarkdown(groups: readonly VariantGroup[]): string {
  const lines = [
    '| variant | seeds | held-out gain | before → after | degenerate after (before) | mixed language after | think format after (before) | think dependence (points) | wall s | stopped early |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const group of groups) {
    const think =
      group.thinkFormatAfter === null
        ? '–'
        : `${percent(group.thinkFormatAfter)} (${percent(group.thinkFormatBefore)})`;
    const lift =
      group.thinkDependenceLift === null
        ? '–'
        : `${(100 * group.thinkDependenceLift.mean).toFixed(1)} ± ${(100 * group.thinkDependenceLift.std).toFixed(1)}`;
    lines.push(
      `| ${group.variant} | ${group.seeds.join(',')} | ${points(group.gain)} | ${points(group.before)} → ${points(group.after)} | ${percent(group.degenerateAfter)} (${percent(group.degenerateBefore)}) | ${percent(group.mixedLanguageAfter)} | ${think} | ${lift} | ${points(group.wallSeconds, 0)} | ${group.stoppedEarly} of ${group.seeds.length} |`,
    );
  }
  return lines.join('\n');
}
