import { escapeHtml } from './escape-html';

/** Colour-blind-friendly palette (Okabe–Ito, then Tableau) for series. */
export const SERIES_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
  '#8c564b',
  '#7f7f7f',
] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length] ?? '#000000';
}

export interface LineSeries {
  label: string;
  values: readonly number[];
}

const format = (value: number) => (Math.round(value * 10) / 10).toString();

/** An SVG line chart (x = turn index from 0, y = 0–100 emotion) with gridlines, axis labels and point titles. */
export function renderLineChart(
  series: readonly LineSeries[],
  options: { title: string; xLabel: string; yLabel: string; yMin?: number; yMax?: number; pointLabel?: string },
): string {
  const width = 720;
  const height = 320;
  const margin = { top: 24, right: 16, bottom: 44, left: 48 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const points = Math.max(2, ...series.map((item) => item.values.length));
  const yMin = options.yMin ?? 0;
  const yMax = options.yMax ?? 100;
  const x = (index: number) => margin.left + (index / (points - 1)) * plotWidth;
  const y = (value: number) =>
    margin.top + plotHeight - ((Math.min(Math.max(value, yMin), yMax) - yMin) / (yMax - yMin)) * plotHeight;
  const grid: string[] = [];
  for (let tick = 0; tick <= 5; tick += 1) {
    const value = yMin + ((yMax - yMin) * tick) / 5;
    grid.push(
      `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(value)}" y2="${y(value)}" class="grid"/>`,
      `<text x="${margin.left - 6}" y="${y(value) + 4}" text-anchor="end" class="tick">${format(value)}</text>`,
    );
  }
  for (let index = 0; index < points; index += 1) {
    grid.push(
      `<text x="${x(index)}" y="${height - margin.bottom + 16}" text-anchor="middle" class="tick">${index}</text>`,
    );
  }
  const lines = series.map((item, seriesIndex) => {
    const color = seriesColor(seriesIndex);
    const path = item.values.map((value, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(value)}`).join(' ');
    const dots = item.values
      .map(
        (value, index) =>
          `<circle cx="${x(index)}" cy="${y(value)}" r="3" fill="${color}"><title>${escapeHtml(item.label)} · ${escapeHtml(options.pointLabel ?? 'turn')} ${index}: ${format(value)}</title></circle>`,
      )
      .join('');
    return `<g class="series"><path d="${path}" fill="none" stroke="${color}" stroke-width="2"/>${dots}</g>`;
  });
  return [
    `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(options.title)}">`,
    `<title>${escapeHtml(options.title)}</title>`,
    ...grid,
    `<text x="${margin.left + plotWidth / 2}" y="${height - 6}" text-anchor="middle" class="axis">${escapeHtml(options.xLabel)}</text>`,
    `<text x="14" y="${margin.top + plotHeight / 2}" text-anchor="middle" class="axis" transform="rotate(-90 14 ${margin.top + plotHeight / 2})">${escapeHtml(options.yLabel)}</text>`,
    ...lines,
    '</svg>',
    renderLegend(series.map((item) => item.label)),
  ].join('\n');
}

/** Colour legend for series labels. */
export function renderLegend(labels: readonly string[]): string {
  const items = labels.map(
    (label, index) =>
      `<span class="legend-item"><span class="swatch" style="background:${seriesColor(index)}"></span>${escapeHtml(label)}</span>`,
  );
  return `<div class="legend">${items.join('')}</div>`;
}

export interface BarGroup {
  label: string;
  /** One value per series, in series order, in [0, 1]. */
  values: readonly number[];
}

/** Grouped horizontal bars (one row per group, one bar per series), values shown as percentages. */
export function renderGroupedBars(groups: readonly BarGroup[], seriesLabels: readonly string[], title: string): string {
  const seriesCount = Math.max(1, seriesLabels.length);
  const barHeight = Math.max(5, Math.min(12, Math.floor(60 / seriesCount)));
  const showValues = seriesCount <= 4;
  const labelWidth = 170;
  const plotWidth = 480;
  const rowHeight = seriesCount * (barHeight + 2) + 10;
  const height = groups.length * rowHeight + 30;
  const width = labelWidth + plotWidth + 60;
  const axis = [0, 0.25, 0.5, 0.75, 1].map((tick) => {
    const x = labelWidth + tick * plotWidth;
    return `<line x1="${x}" x2="${x}" y1="16" y2="${height - 4}" class="grid"/><text x="${x}" y="12" text-anchor="middle" class="tick">${tick * 100}%</text>`;
  });
  const rows = groups.map((group, groupIndex) => {
    const top = 22 + groupIndex * rowHeight;
    const bars = group.values.map((value, seriesIndex) => {
      const barTop = top + seriesIndex * (barHeight + 2);
      const barWidth = Math.max(0, Math.min(1, value)) * plotWidth;
      const percent = `${(value * 100).toFixed(1)}%`;
      return `<rect x="${labelWidth}" y="${barTop}" width="${barWidth}" height="${barHeight}" fill="${seriesColor(seriesIndex)}"><title>${escapeHtml(seriesLabels[seriesIndex] ?? '')} · ${escapeHtml(group.label)}: ${percent}</title></rect>${showValues ? `<text x="${labelWidth + barWidth + 4}" y="${barTop + barHeight - 1}" class="tick">${percent}</text>` : ''}`;
    });
    const middle = top + (group.values.length * (barHeight + 2)) / 2 + 3;
    return `<text x="${labelWidth - 8}" y="${middle}" text-anchor="end" class="bar-label">${escapeHtml(group.label)}</text>${bars.join('')}`;
  });
  return [
    `<svg class="chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}">`,
    `<title>${escapeHtml(title)}</title>`,
    ...axis,
    ...rows,
    '</svg>',
    renderLegend(seriesLabels),
  ].join('\n');
}

/** A small inline emotion sparkline for one dialogue (0–100), with a baseline at the opening emotion. */
export function renderSparkline(values: readonly number[]): string {
  const width = 160;
  const height = 36;
  const count = Math.max(2, values.length);
  const x = (index: number) => 2 + (index / (count - 1)) * (width - 4);
  const y = (value: number) => 2 + (1 - Math.min(Math.max(value, 0), 100) / 100) * (height - 4);
  const path = values.map((value, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(value)}`).join(' ');
  return `<svg class="sparkline" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-hidden="true"><line x1="0" x2="${width}" y1="${y(values[0] ?? 0)}" y2="${y(values[0] ?? 0)}" class="grid"/><path d="${path}" fill="none" stroke="#0072B2" stroke-width="1.5"/></svg>`;
}
