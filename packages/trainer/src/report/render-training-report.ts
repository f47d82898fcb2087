import { escapeHtml, type ReportRun, renderGroupedBars, renderLineChart, renderReport } from '@rlver/bench';
import type { TrainingSummary } from './training-summary';

export interface TrainingReportOptions {
  summary: TrainingSummary;
  /** Metrics lines of metrics.jsonl (the last line per step wins). */
  metrics: ReadonlyArray<Record<string, unknown>>;
  /** Held-out benchmark runs: before and after training. */
  before?: ReportRun;
  after?: ReportRun;
  config: Record<string, unknown>;
}

const FOCUS_LABELS = [
  'praise',
  'deep_empathy',
  'active_listening',
  'validation',
  'advice',
  'generic_comfort',
  'question',
];

function seriesOf(lines: ReadonlyArray<Record<string, unknown>>, key: string): number[] {
  return lines
    .map((line) => (typeof line[key] === 'number' ? (line[key] as number) : Number.NaN))
    .filter(Number.isFinite);
}

function lastPerStep(lines: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const byStep = new Map<number, Record<string, unknown>>();
  for (const line of lines) if (typeof line.step === 'number') byStep.set(line.step, line);
  return [...byStep.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

function scoreRow(label: string, score: TrainingSummary['before']): string {
  if (!score) return `<tr><td>${escapeHtml(label)}</td><td colspan="4">not run</td></tr>`;
  return `<tr><td>${escapeHtml(label)}</td><td>${score.score?.toFixed(1) ?? '—'}</td><td>${score.success}</td><td>${score.failure}</td><td>${score.dialogues}${score.errors ? ` (+${score.errors} errors)` : ''}</td></tr>`;
}

/**
 * The run's self-contained HTML report: before/after benchmark, training curves, strategy shift, and (through
 * the benchmark report) emotion curves and example transcripts with the emotion after every turn.
 */
export function renderTrainingReport(options: TrainingReportOptions): string {
  const { summary } = options;
  const lines = lastPerStep(options.metrics);
  const overview = [
    `<p>${escapeHtml(summary.algo.toUpperCase())}${summary.think ? ' + think' : ''} · seed ${summary.seed} · ${summary.steps} steps · backend ${escapeHtml(summary.backend)} · ${summary.wallSeconds.toFixed(0)} s</p>`,
    '<table><thead><tr><th>held-out benchmark (sage)</th><th>score</th><th>success</th><th>failure</th><th>dialogues</th></tr></thead><tbody>',
    scoreRow('before training', summary.before),
    scoreRow('after training', summary.after),
    '</tbody></table>',
    summary.improvement === null
      ? ''
      : `<p><strong>Change: ${summary.improvement >= 0 ? '+' : ''}${summary.improvement.toFixed(1)} points</strong></p>`,
  ].join('\n');
  const curves = [
    renderLineChart(
      [
        { label: 'mean final emotion', values: seriesOf(lines, 'rollout/emotion_final') },
        { label: 'success %', values: seriesOf(lines, 'dialogue/success_fraction').map((value) => value * 100) },
        { label: 'failure %', values: seriesOf(lines, 'dialogue/failure_fraction').map((value) => value * 100) },
      ],
      { title: 'Training dialogues', xLabel: 'step', yLabel: 'emotion / %', pointLabel: 'step' },
    ),
    renderLineChart(
      [
        { label: 'entropy', values: seriesOf(lines, `${summary.algo}/entropy`) },
        { label: 'clip fraction', values: seriesOf(lines, `${summary.algo}/clip_fraction`) },
        { label: 'approx KL × 10', values: seriesOf(lines, `${summary.algo}/approx_kl`).map((value) => value * 10) },
      ],
      { title: 'Optimisation', xLabel: 'step', yLabel: 'value', yMin: 0, yMax: 3, pointLabel: 'step' },
    ),
  ].join('\n');
  const before = summary.before?.strategies ?? {};
  const after = summary.after?.strategies ?? {};
  const shift = renderGroupedBars(
    FOCUS_LABELS.map((label) => ({ label, values: [before[label] ?? 0, after[label] ?? 0] })),
    ['before', 'after'],
    'Share of replies per strategy (held-out benchmark)',
  );
  const runs = [options.before, options.after].filter((run): run is ReportRun => run !== undefined);
  return renderReport({
    runs,
    title: `RLVER training run ${summary.runId}`,
    extraSections: [
      { id: 'training-overview', title: 'Before / after', html: overview },
      { id: 'training-curves', title: 'Training curves', html: curves },
      { id: 'strategy-shift', title: 'Strategy shift', html: shift },
      {
        id: 'training-config',
        title: 'Config',
        html: `<pre>${escapeHtml(JSON.stringify(options.config, null, 2))}</pre>`,
      },
    ],
  });
}
