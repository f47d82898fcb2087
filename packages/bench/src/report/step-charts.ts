import { escapeHtml } from './escape-html';
import type { SeriesData } from './training-series';

/** One chart of metrics over training steps, drawn in the browser from the report's embedded data. */
export interface StepChartSpec {
  id: string;
  title: string;
  /** Y-axis label with its unit. */
  yLabel: string;
  /** Metric names (exact) or prefixes ending in `/` or `*`. */
  metrics: readonly string[];
  /** Multiply values (e.g. 100 for fractions shown as %). */
  scale?: number;
  /** Leave out metrics whose name matches. */
  exclude?: string;
  note?: string;
}

/** The charts of the training section. */
export const STEP_CHARTS: readonly StepChartSpec[] = [
  {
    id: 'chart-emotion',
    title: 'Mean final emotion of the training dialogues',
    yLabel: 'emotion (0–100)',
    metrics: ['rollout/emotion_final'],
  },
  {
    id: 'chart-reward',
    title: 'Reward and reward terms per step',
    yLabel: 'reward per dialogue',
    metrics: ['reward/*'],
    note: 'Each rubric term of @rlver/reward (weighted), as logged every step.',
  },
  {
    id: 'chart-outcomes',
    title: 'Success and failure of the training dialogues',
    yLabel: '% of dialogues',
    metrics: ['dialogue/success_fraction', 'dialogue/failure_fraction'],
    scale: 100,
  },
  {
    id: 'chart-degenerate',
    title: 'Degenerate replies (reward-hacking monitors)',
    yLabel: '% of replies',
    metrics: ['monitor/degenerate_*', 'monitor/top_opening_share'],
    scale: 100,
    note: 'Zero-weight monitors: share of replies flagged by @rlver/text-quality, and of replies opening like the most common one.',
  },
  {
    id: 'chart-diversity',
    title: 'Reply diversity (distinct bigrams)',
    yLabel: 'distinct-2 (ratio)',
    metrics: ['monitor/distinct_2'],
  },
  {
    id: 'chart-strategies',
    title: 'Support strategies in the training replies',
    yLabel: '% of replies',
    metrics: ['strategies/*'],
    exclude: 'other_fraction',
    scale: 100,
    note: 'A reply may carry several strategies; strategies never used are left out.',
  },
  {
    id: 'chart-optimisation',
    title: 'Optimisation: KL and entropy',
    yLabel: 'nats',
    metrics: ['ppo/approx_kl', 'grpo/approx_kl', 'ppo/entropy', 'grpo/entropy', 'grpo/kl_reference'],
  },
];

/** Serialise for a `<script type="application/json">` block: no `<`, so no `</script>` can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The training section: a smoothing slider, one `<figure>` per chart (drawn by `STEP_CHARTS_SCRIPT` from the
 * embedded data), and the data itself. Charts with no data for any run are hidden by the script.
 */
export function renderStepChartsSection(series: readonly SeriesData[]): string {
  const figures = STEP_CHARTS.map(
    (chart) =>
      `<figure class="step-chart" id="${chart.id}"><figcaption>${escapeHtml(chart.title)}</figcaption><div class="plot"></div>${chart.note ? `<p class="note">${escapeHtml(chart.note)}</p>` : ''}</figure>`,
  );
  const runs = series.map((item) => `${escapeHtml(item.label)} (simulator ${escapeHtml(item.simulator)})`).join(', ');
  return `<section id="training-steps"><h2>Training over steps</h2><p class="note">Runs: ${runs}. Runs are overlaid: colour = metric, line style = run. Faint lines are the raw values, bold lines the smoothed ones (exponential moving average, as in TensorBoard).</p><div class="viewer-controls"><label for="smoothing">smoothing</label><input type="range" id="smoothing" min="0" max="0.99" step="0.01" value="0.6"><output id="smoothing-value">0.60</output></div><div class="charts">${figures.join('')}</div><script type="application/json" id="step-chart-specs">${jsonForScript(STEP_CHARTS)}</script><script type="application/json" id="step-chart-data">${jsonForScript(series)}</script></section>`;
}

/** Browser code that draws the step charts as SVG from the embedded data; no network, no eval. */
export const STEP_CHARTS_SCRIPT = `
(function () {
  var dataNode = document.getElementById('step-chart-data');
  if (!dataNode) return;
  var runs = JSON.parse(dataNode.textContent);
  var specs = JSON.parse(document.getElementById('step-chart-specs').textContent);
  var colors = ['#0072B2','#E69F00','#009E73','#D55E00','#CC79A7','#56B4E9','#8c564b','#000000','#7f7f7f','#F0E442','#17becf','#bcbd22'];
  var dashes = ['', '6 3', '2 3', '10 3 2 3', '1 5'];
  var NS = 'http://www.w3.org/2000/svg';
  var slider = document.getElementById('smoothing');
  var sliderValue = document.getElementById('smoothing-value');
  function el(name, attrs, text) {
    var node = document.createElementNS(NS, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function matches(name, pattern) {
    if (pattern.charAt(pattern.length - 1) === '*') return name.indexOf(pattern.slice(0, -1)) === 0;
    return name === pattern;
  }
  function niceStep(span, count) {
    var raw = span / Math.max(1, count);
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var unit = raw / power;
    return (unit >= 5 ? 10 : unit >= 2 ? 5 : unit >= 1 ? 2 : 1) * power;
  }
  function ticks(min, max, count) {
    if (max <= min) { max = min + 1; }
    var step = niceStep(max - min, count);
    var out = [];
    for (var value = Math.ceil(min / step) * step; value <= max + step * 1e-9; value += step) out.push(Number(value.toPrecision(12)));
    return out;
  }
  function label(value) {
    var abs = Math.abs(value);
    if (abs >= 10000) return (value / 1000).toFixed(0) + 'k';
    if (abs >= 100 || value === Math.round(value)) return String(Math.round(value));
    return String(Number(value.toPrecision(3)));
  }
  function smooth(points, weight) {
    var last = 0, debias = 0, out = [];
    for (var i = 0; i < points.length; i += 1) {
      last = last * weight + (1 - weight) * points[i][1];
      debias = debias * weight + (1 - weight);
      out.push([points[i][0], last / debias]);
    }
    return out;
  }
  function shortName(metric) {
    var slash = metric.indexOf('/');
    return (slash >= 0 ? metric.slice(slash + 1) : metric).replace(/_fraction$/, '').replace(/_/g, ' ');
  }
  function draw(spec, weight) {
    var figure = document.getElementById(spec.id);
    var plot = figure.querySelector('.plot');
    plot.textContent = '';
    var lines = [];
    var metricNames = [];
    runs.forEach(function (run, runIndex) {
      Object.keys(run.metrics).sort().forEach(function (metric) {
        if (!spec.metrics.some(function (pattern) { return matches(metric, pattern); })) return;
        if (spec.exclude && metric.indexOf(spec.exclude) >= 0) return;
        var points = run.metrics[metric].map(function (point) { return [point[0], point[1] * (spec.scale || 1)]; });
        if (spec.metrics[0] === 'strategies/*' && points.every(function (point) { return point[1] === 0; })) return;
        if (metricNames.indexOf(metric) < 0) metricNames.push(metric);
        lines.push({ run: run.label, runIndex: runIndex, metric: metric, points: points });
      });
    });
    figure.hidden = lines.length === 0;
    if (lines.length === 0) return;
    var xs = [], ys = [];
    lines.forEach(function (line) { line.points.forEach(function (p) { xs.push(p[0]); ys.push(p[1]); }); });
    var xMin = Math.min.apply(null, xs), xMax = Math.max.apply(null, xs);
    var yMin = Math.min.apply(null, ys), yMax = Math.max.apply(null, ys);
    if (yMin > 0 && yMin < (yMax - yMin)) yMin = 0;
    if (yMax === yMin) { yMax = yMin + 1; }
    var yTicks = ticks(yMin, yMax, 5);
    yMin = Math.min(yMin, yTicks[0]); yMax = Math.max(yMax, yTicks[yTicks.length - 1]);
    if (xMax === xMin) xMax = xMin + 1;
    var width = 560, height = 300, left = 58, right = 12, top = 12, bottom = 44;
    var pw = width - left - right, ph = height - top - bottom;
    function x(value) { return left + (value - xMin) / (xMax - xMin) * pw; }
    function y(value) { return top + ph - (value - yMin) / (yMax - yMin) * ph; }
    var svg = el('svg', { viewBox: '0 0 ' + width + ' ' + height, class: 'chart', role: 'img', 'aria-label': spec.title });
    svg.appendChild(el('title', {}, spec.title));
    yTicks.forEach(function (value) {
      svg.appendChild(el('line', { x1: left, x2: width - right, y1: y(value), y2: y(value), class: 'grid' }));
      svg.appendChild(el('text', { x: left - 6, y: y(value) + 4, 'text-anchor': 'end', class: 'tick' }, label(value)));
    });
    ticks(xMin, xMax, 6).forEach(function (value) {
      if (value < xMin || value > xMax) return;
      svg.appendChild(el('line', { x1: x(value), x2: x(value), y1: top + ph, y2: top + ph + 4, stroke: '#8a93a3' }));
      svg.appendChild(el('text', { x: x(value), y: top + ph + 16, 'text-anchor': 'middle', class: 'tick' }, label(value)));
    });
    svg.appendChild(el('line', { x1: left, x2: width - right, y1: top + ph, y2: top + ph, stroke: '#8a93a3' }));
    svg.appendChild(el('text', { x: left + pw / 2, y: height - 6, 'text-anchor': 'middle', class: 'axis' }, 'training step'));
    svg.appendChild(el('text', { x: 14, y: top + ph / 2, 'text-anchor': 'middle', class: 'axis', transform: 'rotate(-90 14 ' + (top + ph / 2) + ')' }, spec.yLabel));
    lines.forEach(function (line) {
      var color = colors[metricNames.indexOf(line.metric) % colors.length];
      var dash = dashes[line.runIndex % dashes.length];
      function path(points) {
        return points.map(function (p, i) { return (i === 0 ? 'M' : 'L') + x(p[0]).toFixed(1) + ',' + y(p[1]).toFixed(1); }).join(' ');
      }
      if (weight > 0) svg.appendChild(el('path', { d: path(line.points), fill: 'none', stroke: color, 'stroke-width': 1, 'stroke-opacity': 0.25, 'stroke-dasharray': dash }));
      var smoothed = smooth(line.points, weight);
      var main = el('path', { d: path(smoothed), fill: 'none', stroke: color, 'stroke-width': 2, 'stroke-dasharray': dash, class: 'series-line' });
      var last = smoothed[smoothed.length - 1];
      main.appendChild(el('title', {}, line.run + ' · ' + line.metric + ' · step ' + last[0] + ': ' + label(last[1])));
      svg.appendChild(main);
    });
    plot.appendChild(svg);
    var legend = document.createElement('div');
    legend.className = 'legend';
    lines.forEach(function (line) {
      var item = document.createElement('span');
      item.className = 'legend-item';
      var swatch = el('svg', { width: 22, height: 8 });
      swatch.appendChild(el('line', { x1: 0, x2: 22, y1: 4, y2: 4, stroke: colors[metricNames.indexOf(line.metric) % colors.length], 'stroke-width': 2, 'stroke-dasharray': dashes[line.runIndex % dashes.length] }));
      item.appendChild(swatch);
      item.appendChild(document.createTextNode((runs.length > 1 ? line.run + ' · ' : '') + shortName(line.metric)));
      legend.appendChild(item);
    });
    plot.appendChild(legend);
  }
  function drawAll() {
    var weight = Number(slider.value);
    sliderValue.textContent = weight.toFixed(2);
    specs.forEach(function (spec) { draw(spec, weight); });
  }
  slider.addEventListener('input', drawAll);
  drawAll();
})();
`;
