import { type ReplyMonitorSummary, summarizeReplyMonitors } from '@rlver/reward';
import { STRATEGY_LABELS, type Trajectory } from '@rlver/spec';
import { DEGENERATE_KINDS } from '@rlver/text-quality';
import type { LeaderboardRow } from '../leaderboard/import-leaderboard';
import type { SyncStrategyTagger } from '../metrics/strategy-profile';
import { computeTrajectoryMetrics, type TrajectoryMetrics } from '../metrics/trajectory-metrics';
import {
  computeRepeatedScore,
  type RepeatedScore,
  SAGE_THRESHOLDS,
  type ScoreThresholds,
} from '../score/compute-sentient-score';
import { escapeHtml } from './escape-html';
import { REPORT_CSS, REPORT_SCRIPT } from './report-assets';
import { renderGroupedBars, renderLineChart } from './svg-charts';
import { renderTranscript, transcriptOptionLabel } from './transcript-html';

/** Mean capability scores of one run (optional LLM judge, not paper parity). */
export interface ReportJudgeSummary {
  judgeId: string;
  /** Mean score per capability (1–10). */
  means: Record<string, number>;
  dialogues: number;
  failures: number;
}

/** One model's run in the report. */
export interface ReportRun {
  label: string;
  trajectories: readonly Trajectory[];
  /** Recorded settings (shown verbatim, escaped). */
  settings?: Record<string, unknown>;
  judge?: ReportJudgeSummary;
}

export interface RenderReportOptions {
  runs: readonly ReportRun[];
  title?: string;
  /** Reference rows (e.g. `importLeaderboard` of the SAGE files) shown in their own table. */
  reference?: readonly LeaderboardRow[];
  tagger?: SyncStrategyTagger;
  thresholds?: ScoreThresholds;
  /** Turns spanned by the curves (default: the longest episode of any run). */
  horizon?: number;
  /** Shown in the subtitle; default now. */
  generatedAt?: string;
  /**
   * Extra sections placed after the leaderboard (e.g. training curves). `html` must be built from escaped text
   * (`escapeHtml`) and the chart helpers; it is inserted as is.
   */
  extraSections?: ReadonlyArray<{ id: string; title: string; html: string }>;
}

interface ComputedRun {
  run: ReportRun;
  score: RepeatedScore;
  metrics: TrajectoryMetrics;
  monitors: ReplyMonitorSummary;
}

const one = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(1));

function scoreCell(score: RepeatedScore): string {
  const only = score.perRepeat.length === 1 ? score.perRepeat[0] : undefined;
  if (only) return one(only.score);
  return score.score ? `${score.score.mean.toFixed(1)} ± ${score.score.std.toFixed(1)}` : '—';
}

function leaderboardSection(computed: readonly ComputedRun[]): string {
  const order = computed
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (b.item.score.score?.mean ?? -1) - (a.item.score.score?.mean ?? -1));
  const rows = order.map(({ item, index }, rank) => {
    const { score, metrics } = item;
    const tts = metrics.turnsToSuccess ? metrics.turnsToSuccess.mean.toFixed(1) : '—';
    return `<tr><td>${rank + 1}</td><td><a href="#transcripts" data-show-run="${index}">${escapeHtml(item.run.label)}</a></td><td><strong>${scoreCell(score)}</strong></td><td>${one(score.success.mean).replace(/\.0$/, '')}</td><td>${one(score.failure.mean).replace(/\.0$/, '')}</td><td>${metrics.episodes}</td><td>${score.excluded.length}</td><td>${one(metrics.auc)}</td><td>${metrics.volatility.toFixed(2)}</td><td>${tts}</td><td>${Math.round(metrics.responseLength.meanChars)}</td></tr>`;
  });
  return `<section id="leaderboard"><h2>Leaderboard</h2><table><thead><tr><th>#</th><th>Model</th><th>Score</th><th>Success</th><th>Failure</th><th>Episodes</th><th>Excluded</th><th>AUC</th><th>Volatility</th><th>Turns to success</th><th>Reply chars</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Score = mean final emotion (1 decimal, half-up from the integer sum); success = final ≥ 100, failure = final &lt; 10. Errored episodes are excluded from the score and counted under Excluded. AUC = average emotion over the dialogue; volatility = mean std of per-turn changes.</p></section>`;
}

function referenceSection(rows: readonly LeaderboardRow[]): string {
  const body = rows.map(
    (row, rank) =>
      `<tr><td>${rank + 1}</td><td>${escapeHtml(row.model)}</td><td><strong>${one(row.score)}</strong></td><td>${row.success}</td><td>${row.failure}</td><td>${row.profiles}</td><td>${row.excluded}</td></tr>`,
  );
  return `<section id="reference"><h2>Reference results</h2><table><thead><tr><th>#</th><th>Model</th><th>Score</th><th>Success</th><th>Failure</th><th>Profiles</th><th>Excluded</th></tr></thead><tbody>${body.join('')}</tbody></table></section>`;
}

const percentCell = (value: number | undefined) => `${((value ?? 0) * 100).toFixed(1)} %`;

function monitorsSection(computed: readonly ComputedRun[]): string {
  const head = DEGENERATE_KINDS.map((kind) => `<th>${escapeHtml(kind.replace('_', ' '))}</th>`).join('');
  const rows = computed.map(({ run, monitors }) => {
    const metric = (name: string) => monitors.metrics[`monitor/${name}`];
    const kinds = DEGENERATE_KINDS.map((kind) => `<td>${percentCell(metric(`degenerate_${kind}_fraction`))}</td>`);
    return `<tr><td></td><td>${escapeHtml(run.label)}</td><td>${monitors.replies}</td><td><strong>${percentCell(metric('degenerate_fraction'))}</strong></td>${kinds.join('')}<td>${(metric('distinct_2') ?? 0).toFixed(3)}</td><td>${Math.round(metric('reply_length_chars') ?? 0)}</td><td>${percentCell(metric('top_opening_share'))} <span class="note">${escapeHtml(monitors.topOpening)}</span></td></tr>`;
  });
  return `<section id="monitors"><h2>Reply monitors (degenerate text)</h2><table><thead><tr><th></th><th>Model</th><th>Replies</th><th>Degenerate</th>${head}<th>Distinct-2</th><th>Reply chars</th><th>Top opening</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Share of non-empty replies flagged by <code>@rlver/text-quality</code> (a reply may show several kinds); distinct-2 = distinct bigrams / all bigrams (zh characters, en words); top opening = share of replies that start like the most common one. A score that rises with these is likely reward hacking: read the transcripts. <code>rlver-eval audit</code> prints sample flagged replies.</p></section>`;
}

function curvesSection(computed: readonly ComputedRun[]): string {
  const carried = computed.map((item) => ({ label: item.run.label, values: item.metrics.curve.carried }));
  const live = computed.map((item) => ({ label: item.run.label, values: item.metrics.curve.live }));
  return `<section id="curves"><h2>Emotion per turn</h2><div class="charts"><div>${renderLineChart(carried, { title: 'Mean emotion per turn (ended dialogues carry their final emotion)', xLabel: 'judged replies', yLabel: 'mean emotion' })}<p class="note">All dialogues; an ended dialogue keeps its final emotion.</p></div><div>${renderLineChart(live, { title: 'Mean emotion of dialogues still running', xLabel: 'judged replies', yLabel: 'mean emotion' })}<p class="note">Only dialogues still running at that turn.</p></div></div></section>`;
}

function endingsSection(computed: readonly ComputedRun[]): string {
  const kinds = [...new Set(computed.flatMap((item) => Object.keys(item.metrics.endings)))].sort();
  const head = kinds.map((kind) => `<th>${escapeHtml(kind)}</th>`).join('');
  const rows = computed.map(
    (item) =>
      `<tr><td></td><td>${escapeHtml(item.run.label)}</td>${kinds.map((kind) => `<td>${item.metrics.endings[kind] ?? 0}</td>`).join('')}</tr>`,
  );
  return `<section id="endings"><h2>How dialogues ended</h2><table><thead><tr><th></th><th>Model</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">goodbye_floor = the user said goodbye with emotion below 10; floor_only = emotion below 10 without goodbye; goodbye_ceiling / ceiling_only likewise at 100; turn_cap = the turn limit.</p></section>`;
}

function strategiesSection(computed: readonly ComputedRun[]): string {
  const withProfiles = computed.filter((item) => item.metrics.strategies !== null);
  if (withProfiles.length === 0) return '';
  const labels = STRATEGY_LABELS.filter((label) =>
    withProfiles.some((item) => (item.metrics.strategies?.shares[label] ?? 0) > 0),
  );
  const groups = labels.map((label) => ({
    label,
    values: withProfiles.map((item) => item.metrics.strategies?.shares[label] ?? 0),
  }));
  const sources = [...new Set(withProfiles.map((item) => item.metrics.strategies?.source))].join(', ');
  return `<section id="strategies"><h2>Support strategies</h2>${renderGroupedBars(
    groups,
    withProfiles.map((item) => item.run.label),
    'Share of replies using each strategy',
  )}<p class="note">Share of model replies carrying each label (a reply may carry several). Labels from: ${escapeHtml(sources)}.</p></section>`;
}

function judgeSection(computed: readonly ComputedRun[]): string {
  const judged = computed.filter((item) => item.run.judge);
  if (judged.length === 0) return '';
  const capabilities = [...new Set(judged.flatMap((item) => Object.keys(item.run.judge?.means ?? {})))];
  const rows = judged.map(
    (item) =>
      `<tr><td></td><td>${escapeHtml(item.run.label)}</td>${capabilities.map((name) => `<td>${one(item.run.judge?.means[name])}</td>`).join('')}<td>${item.run.judge?.dialogues ?? 0}</td><td>${escapeHtml(item.run.judge?.judgeId ?? '')}</td></tr>`,
  );
  return `<section id="capabilities"><h2>Capabilities <span class="badge">LLM judge · not paper parity</span></h2><table><thead><tr><th></th><th>Model</th>${capabilities.map((name) => `<th>${escapeHtml(name)}</th>`).join('')}<th>Dialogues</th><th>Judge</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Scores 1–10 from the project's own rubric (packages/bench/docs/judge-rubric.md), not the paper's.</p></section>`;
}

function excludedSection(computed: readonly ComputedRun[]): string {
  const items = computed.flatMap((item) =>
    item.score.excluded.map(
      (excluded) =>
        `<li>${escapeHtml(item.run.label)} · ${escapeHtml(excluded.profileId)} (repeat ${excluded.repeat}, ${escapeHtml(excluded.stopReason)}): ${escapeHtml(excluded.message)}</li>`,
    ),
  );
  if (items.length === 0) return '';
  return `<section id="excluded"><h2>Excluded episodes (${items.length})</h2><p class="note">Not counted in the score.</p><ul>${items.join('')}</ul></section>`;
}

function settingsSection(computed: readonly ComputedRun[]): string {
  const blocks = computed
    .filter((item) => item.run.settings)
    .map(
      (item) =>
        `<details><summary>${escapeHtml(item.run.label)}</summary><pre>${escapeHtml(JSON.stringify(item.run.settings, null, 2))}</pre></details>`,
    );
  return blocks.length === 0 ? '' : `<section id="settings"><h2>Settings</h2>${blocks.join('')}</section>`;
}

function transcriptsSection(computed: readonly ComputedRun[]): string {
  const runOptions = computed.map((item, index) => `<option value="${index}">${escapeHtml(item.run.label)}</option>`);
  const episodeSelects = computed.map((item, runIndex) => {
    const options = item.run.trajectories.map(
      (trajectory, index) => `<option value="${index}">${escapeHtml(transcriptOptionLabel(trajectory))}</option>`,
    );
    return `<select class="episode-select" data-run="${runIndex}" aria-label="dialogue" hidden>${options.join('')}</select>`;
  });
  const articles = computed.flatMap((item, run) =>
    item.run.trajectories.map((trajectory, episode) => renderTranscript(trajectory, { run, episode })),
  );
  return `<section id="transcripts"><h2>Transcripts</h2><div class="viewer-controls"><select id="run-select" aria-label="model">${runOptions.join('')}</select>${episodeSelects.join('')}<button type="button" id="previous-episode">◀ previous</button><button type="button" id="next-episode">next ▶</button></div>${articles.join('\n')}</section>`;
}

/** Render a single self-contained HTML report (inline CSS, JS and SVG; no external URLs). All text is escaped. */
export function renderReport(options: RenderReportOptions): string {
  const thresholds = options.thresholds ?? SAGE_THRESHOLDS;
  const horizon =
    options.horizon ??
    Math.max(
      0,
      ...options.runs.flatMap((run) => run.trajectories.map((t) => t.turns.filter((turn) => turn.scored).length)),
    );
  const computed: ComputedRun[] = options.runs.map((run) => ({
    run,
    score: computeRepeatedScore(run.trajectories, thresholds),
    metrics: computeTrajectoryMetrics(run.trajectories, { thresholds, horizon, tagger: options.tagger }),
    monitors: summarizeReplyMonitors(run.trajectories),
  }));
  const title = options.title ?? 'Sentient benchmark report';
  const generatedAt = options.generatedAt ?? new Date().toISOString();
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="subtitle">${computed.length} run(s) · generated ${escapeHtml(generatedAt)}</p>`,
    computed.length > 0 ? leaderboardSection(computed) : '',
    computed.length > 0 ? monitorsSection(computed) : '',
    options.reference?.length ? referenceSection(options.reference) : '',
    ...(options.extraSections ?? []).map(
      (section) =>
        `<section id="${escapeHtml(section.id)}"><h2>${escapeHtml(section.title)}</h2>${section.html}</section>`,
    ),
    computed.length > 0 ? curvesSection(computed) : '',
    computed.length > 0 ? endingsSection(computed) : '',
    strategiesSection(computed),
    judgeSection(computed),
    excludedSection(computed),
    settingsSection(computed),
    computed.length > 0 ? transcriptsSection(computed) : '',
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
${body}
</main>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}
