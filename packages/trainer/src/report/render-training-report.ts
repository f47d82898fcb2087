import { escapeHtml, type ReportRun, renderGroupedBars, renderLineChart, renderReport } from '@rlver/bench';
import { INTENTIONS, type IntentionKey } from '@rlver/spec';
import { DEGENERATE_KINDS } from '@rlver/text-quality';
import { lastPerStep, seriesOf } from './metrics-lines';
import { type DialogueExample, describeStrategyShift, type StrategyShift } from './strategy-shift';
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

const share = (value: number) => `${Math.round(value * 100)}`;

/** Strategy shares per hidden intention, before → after (%), for the labels that moved most overall. */
function intentionTable(shift: StrategyShift): string {
  const labels = shift.overall
    .filter((item) => item.before > 0.02 || item.after > 0.02)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
    .slice(0, 7)
    .map((item) => item.label);
  const head = labels.map((label) => `<th>${escapeHtml(label.replace('_', ' '))}</th>`).join('');
  const rows = shift.byIntention.map((group) => {
    const cells = labels.map((label) => {
      const item = group.shares.find((entry) => entry.label === label);
      return `<td>${item ? `${share(item.before)} → <strong>${share(item.after)}</strong>` : '—'}</td>`;
    });
    const info = INTENTIONS[group.intention as IntentionKey];
    const name = info ? `${info.group}: ${info.name}` : '';
    return `<tr><td>${escapeHtml(group.intention)} ${escapeHtml(name)}</td><td>${group.repliesBefore} / ${group.repliesAfter}</td>${cells.join('')}</tr>`;
  });
  return [
    `<table><thead><tr><th>hidden intention</th><th>replies before / after</th>${head}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table>',
    '<p class="note">Share of the held-out replies carrying each strategy (%, before → after), per hidden intention of the simulated user. A reply may carry several strategies.</p>',
  ].join('\n');
}

function exampleColumn(title: string, dialogue: DialogueExample): string {
  const turns = dialogue.turns.map(
    (turn) =>
      `<div class="msg assistant"><span class="who">policy</span> ${escapeHtml(turn.reply)} <span class="tags">${escapeHtml(turn.strategies.join(', '))}</span></div>${turn.userMessage === null ? '' : `<div class="msg user"><span class="who">user · ${turn.emotion}</span> ${escapeHtml(turn.userMessage)}</div>`}`,
  );
  return `<div class="example-column"><h4>${escapeHtml(title)} · final emotion ${dialogue.finalEmotion}</h4><div class="msg user"><span class="who">user</span> ${escapeHtml(dialogue.opening)}</div>${turns.join('')}</div>`;
}

/** The strategy shift: shares before/after, per intention, the emotion trajectory and three example scenarios. */
function strategyShiftSection(shift: StrategyShift): string {
  const bars = renderGroupedBars(
    shift.overall
      .filter((item) => item.before > 0 || item.after > 0)
      .map((item) => ({ label: item.label, values: [item.before, item.after] })),
    ['before', 'after'],
    'Share of held-out replies per strategy',
  );
  const trajectory = renderLineChart(
    [
      { label: 'before training', values: shift.emotionByTurn.before },
      { label: 'after training', values: shift.emotionByTurn.after },
    ],
    {
      title: 'Mean emotion after each turn (held-out)',
      xLabel: 'turn (0 = opening)',
      yLabel: 'emotion',
      pointLabel: 'turn',
    },
  );
  const examples = shift.examples.map(
    (item) =>
      `<h3>${escapeHtml(item.profileId)}${item.intention ? ` · wants ${escapeHtml(INTENTIONS[item.intention as IntentionKey]?.name ?? item.intention)}` : ''}</h3><div class="example-pair">${exampleColumn('before training', item.before)}${exampleColumn('after training', item.after)}</div>`,
  );
  return [
    `<p><strong>${escapeHtml(describeStrategyShift(shift))}</strong></p>`,
    bars,
    intentionTable(shift),
    trajectory,
    '<h3>Three held-out scenarios, before and after</h3><p class="note">Chosen without reading them: the scenarios at the 25th, 50th and 75th percentile of the change in final emotion.</p>',
    '<style>.example-pair{display:grid;grid-template-columns:1fr 1fr;gap:1em}.example-column .msg{margin:.3em 0;padding:.3em .5em;border-radius:6px}.example-column .assistant{background:#eef4ff}.example-column .user{background:#f4f4f4}.example-column .who{font-weight:bold;margin-right:.4em}.example-column .tags{color:#777;font-size:.85em}</style>',
    ...examples,
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
  const shift = summary.strategyShift
    ? strategyShiftSection(summary.strategyShift)
    : renderGroupedBars(
        FOCUS_LABELS.map((label) => ({ label, values: [before[label] ?? 0, after[label] ?? 0] })),
        ['before', 'after'],
        'Share of replies per strategy (held-out benchmark)',
      );
  const runs = [options.before, options.after].filter((run): run is ReportRun => run !== undefined);
  return renderReport({
    runs,
    title: `RLVER training run ${summary.runId}`,
    training: [
      {
        label: summary.runId,
        simulator: String(options.config.simulator ?? 'offline'),
        steps: options.metrics,
        ...(summary.endpoints ? { endpointUsage: summary.endpoints } : {}),
      },
    ],
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
