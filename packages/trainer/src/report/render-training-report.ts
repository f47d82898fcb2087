import { escapeHtml, type ReportRun, renderGroupedBars, renderLineChart, renderReport } from '@rlver/bench';
import { DEGENERATE_KINDS } from '@rlver/text-quality';
import { lastPerStep, seriesOf } from './metrics-lines';
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

function scoreRow(label: string, score: TrainingSummary['before']): string {
  if (!score) return `<tr><td>${escapeHtml(label)}</td><td colspan="4">not run</td></tr>`;
  return `<tr><td>${escapeHtml(label)}</td><td>${score.score?.toFixed(1) ?? '—'}</td><td>${score.success}</td><td>${score.failure}</td><td>${score.dialogues}${score.errors ? ` (+${score.errors} errors)` : ''}</td></tr>`;
}

const percent = (value: number | undefined) => (value === undefined ? '—' : `${(value * 100).toFixed(1)} %`);

/** One row of the monitors table: the `monitor/*` figures of a benchmark or a span of steps. */
function monitorRow(label: string, metrics: Record<string, number> | undefined): string {
  if (!metrics)
    return `<tr><td>${escapeHtml(label)}</td><td colspan="${DEGENERATE_KINDS.length + 4}">not measured</td></tr>`;
  const kinds = DEGENERATE_KINDS.map((kind) => `<td>${percent(metrics[`monitor/degenerate_${kind}_fraction`])}</td>`);
  return `<tr><td>${escapeHtml(label)}</td><td><strong>${percent(metrics['monitor/degenerate_fraction'])}</strong></td>${kinds.join('')}<td>${(metrics['monitor/distinct_2'] ?? 0).toFixed(3)}</td><td>${Math.round(metrics['monitor/reply_length_chars'] ?? 0)}</td><td>${percent(metrics['monitor/top_opening_share'])}</td></tr>`;
}

/** Warnings, then the reply monitors before/after (held-out benchmark) and at the first/last training steps. */
function monitorsOverview(summary: TrainingSummary): string {
  const warnings = summary.warnings.map(
    (warning) => `<p class="warning"><strong>Warning:</strong> ${escapeHtml(warning)}</p>`,
  );
  const span = (item: { from: number; to: number }) =>
    item.from === item.to ? `step ${item.from}` : `steps ${item.from}–${item.to}`;
  const head = DEGENERATE_KINDS.map((kind) => `<th>${escapeHtml(kind.replace('_', ' '))}</th>`).join('');
  return [
    ...warnings,
    `<table><thead><tr><th>reply monitors</th><th>degenerate</th>${head}<th>distinct-2</th><th>reply chars</th><th>top opening</th></tr></thead><tbody>`,
    monitorRow('held-out, before training', summary.before?.monitors?.metrics),
    monitorRow('held-out, after training', summary.after?.monitors?.metrics),
    summary.training
      ? monitorRow(`training, first ${span(summary.training.first)}`, summary.training.first.monitors)
      : '',
    summary.training ? monitorRow(`training, last ${span(summary.training.last)}`, summary.training.last.monitors) : '',
    '</tbody></table>',
    '<p class="note">Share of non-empty replies flagged degenerate (<code>@rlver/text-quality</code>). A score that rises with these is likely reward hacking; <code>rlver-eval audit &lt;run folder&gt;</code> prints sample flagged replies.</p>',
  ].join('\n');
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
    monitorsOverview(summary),
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
    renderLineChart(
      [
        { label: 'degenerate %', values: seriesOf(lines, 'monitor/degenerate_fraction').map((value) => value * 100) },
        ...DEGENERATE_KINDS.map((kind) => ({
          label: `${kind.replace('_', ' ')} %`,
          values: seriesOf(lines, `monitor/degenerate_${kind}_fraction`).map((value) => value * 100),
        })),
        { label: 'top opening %', values: seriesOf(lines, 'monitor/top_opening_share').map((value) => value * 100) },
      ],
      {
        title: 'Degenerate replies per step (training dialogues)',
        xLabel: 'step',
        yLabel: '% of replies',
        pointLabel: 'step',
      },
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
