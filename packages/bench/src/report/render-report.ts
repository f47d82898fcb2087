import type { EndpointUsage } from '@rlver/llm';
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
import { renderEndpointUsageSection } from './endpoint-usage-section';
import { escapeHtml } from './escape-html';
import { REPORT_CSS, REPORT_SCRIPT } from './report-assets';
import { outcomeOf, sampleTranscripts } from './sample-transcripts';
import { jsonForScript, renderStepChartsSection, STEP_CHARTS_SCRIPT } from './step-charts';
import { renderGroupedBars, renderLineChart } from './svg-charts';
import { type TrainingSeries, toSeriesData } from './training-series';
import { renderTranscript, transcriptOptionLabel } from './transcript-html';

/** Browser code of a live report: poll `?version` and reload (keeping the scroll position) when it changes. */
function liveScript(live: { pollSeconds: number; version: string }): string {
  return `
(function () {
  var version = ${jsonForScript(live.version)};
  var key = 'rlver-report-scroll';
  var saved = sessionStorage.getItem(key);
  if (saved) { window.scrollTo(0, Number(saved)); sessionStorage.removeItem(key); }
  setInterval(function () {
    fetch('version', { cache: 'no-store' }).then(function (response) { return response.text(); }).then(function (text) {
      if (text.trim() !== version) { sessionStorage.setItem(key, String(window.scrollY)); location.reload(); }
    }).catch(function () {});
  }, ${Math.round(live.pollSeconds * 1000)});
})();
`;
}

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
  /** Simulated user that produced the scores (default: the `simulatorId` of the first dialogue). */
  simulator?: string;
  /** LLM usage per endpoint role (`summary.json` → `endpoints`), shown under "LLM endpoints". */
  endpointUsage?: Readonly<Record<string, EndpointUsage>>;
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
  /** Training runs whose per-step metrics are charted (overlaid when several). */
  training?: readonly TrainingSeries[];
  /**
   * Dialogues shown as transcripts over all runs (default 120): each run shows `max(4, budget / runs)`, sampled
   * across outcomes, so the file grows sub-linearly with runs. Scores and tables always use every dialogue.
   */
  transcriptBudget?: number;
  /** Served live (`rlver-eval report --watch`): the page checks `version` every this many seconds and reloads. */
  live?: { pollSeconds: number; version: string };
}

interface ComputedRun {
  run: ReportRun;
  simulator: string;
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
    return `<tr><td>${rank + 1}</td><td><a href="#transcripts" data-show-run="${index}">${escapeHtml(item.run.label)}</a></td><td>${escapeHtml(item.simulator)}</td><td><strong>${scoreCell(score)}</strong></td><td>${one(score.success.mean).replace(/\.0$/, '')}</td><td>${one(score.failure.mean).replace(/\.0$/, '')}</td><td>${metrics.episodes}</td><td>${score.excluded.length}</td><td>${one(metrics.auc)}</td><td>${metrics.volatility.toFixed(2)}</td><td>${tts}</td><td>${Math.round(metrics.responseLength.meanChars)}</td></tr>`;
  });
  return `<section id="leaderboard"><h2>Leaderboard</h2><table><thead><tr><th>#</th><th>Model</th><th>Simulator</th><th>Score</th><th>Success</th><th>Failure</th><th>Episodes</th><th>Excluded</th><th>AUC</th><th>Volatility</th><th>Turns to success</th><th>Reply chars</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Scores from different simulated users are not comparable: compare rows with the same simulator. Score = mean final emotion (1 decimal, half-up from the integer sum); success = final ≥ 100, failure = final &lt; 10. Errored episodes are excluded from the score and counted under Excluded. AUC = average emotion over the dialogue; volatility = mean std of per-turn changes.</p></section>`;
}

function referenceSection(rows: readonly LeaderboardRow[]): string {
  const body = rows.map(
    (row, rank) =>
      `<tr><td>${rank + 1}</td><td>${escapeHtml(row.model)}</td><td>${escapeHtml(row.model.includes('/') ? (row.model.split('/')[0] as string) : '—')}</td><td><strong>${one(row.score)}</strong></td><td>${row.success}</td><td>${row.failure}</td><td>${row.profiles}</td><td>${row.excluded}</td></tr>`,
  );
  return `<section id="reference"><h2>Reference results</h2><table><thead><tr><th>#</th><th>Model</th><th>Simulator</th><th>Score</th><th>Success</th><th>Failure</th><th>Profiles</th><th>Excluded</th></tr></thead><tbody>${body.join('')}</tbody></table><p class="note">Simulator = the first folder of the reference files (SAGE files are grouped by the simulated user's model).</p></section>`;
}

const percentCell = (value: number | undefined) => `${((value ?? 0) * 100).toFixed(1)} %`;

function monitorsSection(computed: readonly ComputedRun[]): string {
  const head = DEGENERATE_KINDS.map((kind) => `<th>${escapeHtml(kind.replace('_', ' '))}</th>`).join('');
  const rows = computed.map(({ run, monitors, simulator }) => {
    const metric = (name: string) => monitors.metrics[`monitor/${name}`];
    const kinds = DEGENERATE_KINDS.map((kind) => `<td>${percentCell(metric(`degenerate_${kind}_fraction`))}</td>`);
    return `<tr><td></td><td>${escapeHtml(run.label)}</td><td>${escapeHtml(simulator)}</td><td>${monitors.replies}</td><td><strong>${percentCell(metric('degenerate_fraction'))}</strong></td>${kinds.join('')}<td>${(metric('distinct_2') ?? 0).toFixed(3)}</td><td>${Math.round(metric('reply_length_chars') ?? 0)}</td><td>${percentCell(metric('top_opening_share'))} <span class="note">${escapeHtml(monitors.topOpening)}</span></td></tr>`;
  });
  return `<section id="monitors"><h2>Reply monitors (degenerate text)</h2><table><thead><tr><th></th><th>Model</th><th>Simulator</th><th>Replies</th><th>Degenerate</th>${head}<th>Distinct-2</th><th>Reply chars</th><th>Top opening</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Share of non-empty replies flagged by <code>@rlver/text-quality</code> (a reply may show several kinds); distinct-2 = distinct bigrams / all bigrams (zh characters, en words); top opening = share of replies that start like the most common one. A score that rises with these is likely reward hacking: read the transcripts. <code>rlver-eval audit</code> prints sample flagged replies.</p></section>`;
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
      `<tr><td></td><td>${escapeHtml(item.run.label)}</td><td>${escapeHtml(item.simulator)}</td>${capabilities.map((name) => `<td>${one(item.run.judge?.means[name])}</td>`).join('')}<td>${item.run.judge?.dialogues ?? 0}</td><td>${escapeHtml(item.run.judge?.judgeId ?? '')}</td></tr>`,
  );
  return `<section id="capabilities"><h2>Capabilities <span class="badge">LLM judge · not paper parity</span></h2><table><thead><tr><th></th><th>Model</th><th>Simulator</th>${capabilities.map((name) => `<th>${escapeHtml(name)}</th>`).join('')}<th>Dialogues</th><th>Judge</th></tr></thead><tbody>${rows.join('')}</tbody></table><p class="note">Scores 1–10 from the project's own rubric (packages/bench/docs/judge-rubric.md), not the paper's.</p></section>`;
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

function transcriptsSection(computed: readonly ComputedRun[], budget: number, thresholds: ScoreThresholds): string {
  const perRun = Math.max(4, Math.floor(budget / Math.max(1, computed.length)));
  const shown = computed.map((item) => sampleTranscripts(item.run.trajectories, perRun, thresholds));
  const runOptions = computed.map((item, index) => `<option value="${index}">${escapeHtml(item.run.label)}</option>`);
  const episodeSelects = computed.map((item, runIndex) => {
    const options = (shown[runIndex] ?? []).map((episode) => {
      const trajectory = item.run.trajectories[episode] as Trajectory;
      return `<option value="${episode}" data-outcome="${outcomeOf(trajectory, thresholds)}">${escapeHtml(transcriptOptionLabel(trajectory))}</option>`;
    });
    return `<select class="episode-select" data-run="${runIndex}" aria-label="dialogue" hidden>${options.join('')}</select>`;
  });
  const rows: string[] = [];
  const articles: string[] = [];
  computed.forEach((item, run) => {
    for (const episode of shown[run] ?? []) {
      const trajectory = item.run.trajectories[episode] as Trajectory;
      const outcome = outcomeOf(trajectory, thresholds);
      rows.push(
        `<tr class="transcript-row" data-run="${run}" data-episode="${episode}" data-outcome="${outcome}"><td></td><td>${escapeHtml(item.run.label)}</td><td>${escapeHtml(item.simulator)}</td><td>${escapeHtml(trajectory.profileId)}</td><td>${outcome}</td><td>${trajectory.opening.emotion} → <strong>${trajectory.finalEmotion}</strong></td><td>${trajectory.turns.length}</td></tr>`,
      );
      articles.push(renderTranscript(trajectory, { run, episode, outcome }));
    }
  });
  const total = computed.reduce((sum, item) => sum + item.run.trajectories.length, 0);
  const outcomeOptions = ['all', 'success', 'failure', 'middle', 'error']
    .map((outcome) => `<option value="${outcome}">${outcome === 'all' ? 'all outcomes' : outcome}</option>`)
    .join('');
  return `<section id="transcripts"><h2>Transcripts</h2><p class="note">${articles.length} of ${total} dialogues shown, sampled evenly across outcomes (success = final emotion ≥ ${thresholds.successAt}, failure = below ${thresholds.failureBelow}); every dialogue counts in the tables above. Inner thoughts = the simulated user's reasoning after each reply.</p><div class="viewer-controls"><label for="outcome-filter">outcome</label><select id="outcome-filter" aria-label="outcome">${outcomeOptions}</select><select id="run-select" aria-label="model">${runOptions.join('')}</select>${episodeSelects.join('')}<button type="button" id="previous-episode">◀ previous</button><button type="button" id="next-episode">next ▶</button></div><div class="transcript-index"><table><thead><tr><th></th><th>Model</th><th>Simulator</th><th>Profile</th><th>Outcome</th><th>Emotion</th><th>Replies</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>${articles.join('\n')}</section>`;
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
    simulator: run.simulator ?? run.trajectories[0]?.simulatorId ?? '—',
    score: computeRepeatedScore(run.trajectories, thresholds),
    metrics: computeTrajectoryMetrics(run.trajectories, { thresholds, horizon, tagger: options.tagger }),
    monitors: summarizeReplyMonitors(run.trajectories),
  }));
  const title = options.title ?? 'Sentient benchmark report';
  const generatedAt = options.generatedAt ?? new Date().toISOString();
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="subtitle">${computed.length} benchmark run(s)${options.training?.length ? ` · ${options.training.length} training run(s)` : ''} · generated ${escapeHtml(generatedAt)}${options.live ? ' · <strong>live</strong>: reloads when the run writes new data' : ''}</p>`,
    computed.length > 0 ? leaderboardSection(computed) : '',
    computed.length > 0 ? monitorsSection(computed) : '',
    options.reference?.length ? referenceSection(options.reference) : '',
    ...(options.extraSections ?? []).map(
      (section) =>
        `<section id="${escapeHtml(section.id)}"><h2>${escapeHtml(section.title)}</h2>${section.html}</section>`,
    ),
    options.training?.length ? renderStepChartsSection(options.training.map((item) => toSeriesData(item))) : '',
    computed.length > 0 ? curvesSection(computed) : '',
    computed.length > 0 ? endingsSection(computed) : '',
    strategiesSection(computed),
    judgeSection(computed),
    renderEndpointUsageSection([
      ...(options.training ?? []).map((item) => ({
        label: item.label,
        kind: 'training' as const,
        usage: item.endpointUsage ?? {},
      })),
      ...computed.map(({ run }) => ({ label: run.label, kind: 'benchmark' as const, usage: run.endpointUsage ?? {} })),
    ]),
    excludedSection(computed),
    settingsSection(computed),
    computed.length > 0 ? transcriptsSection(computed, options.transcriptBudget ?? 120, thresholds) : '',
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
<script>${REPORT_SCRIPT}${STEP_CHARTS_SCRIPT}${options.live ? liveScript(options.live) : ''}</script>
</body>
</html>
`;
}
