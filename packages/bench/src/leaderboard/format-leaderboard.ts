import type { LeaderboardRow } from './import-leaderboard';

function formatNumber(value: number | null, decimals: number): string {
  if (value === null) return '—';
  return Number.isInteger(value) && decimals === 0 ? String(value) : value.toFixed(decimals);
}

/** Plain-text table of leaderboard rows (rank, model, score, success, failure, profiles, excluded). */
export function formatLeaderboardTable(rows: readonly LeaderboardRow[]): string {
  const anyRepeats = rows.some((row) => row.repeats > 1);
  const header = [
    '#',
    'Model',
    'Score',
    ...(anyRepeats ? ['± std'] : []),
    'Success',
    'Failure',
    'Profiles',
    'Excluded',
  ];
  const body = rows.map((row, index) => [
    String(index + 1),
    row.model,
    formatNumber(row.score, 1),
    ...(anyRepeats ? [row.repeats > 1 ? row.scoreStd.toFixed(2) : ''] : []),
    formatNumber(row.success, Number.isInteger(row.success) ? 0 : 2),
    formatNumber(row.failure, Number.isInteger(row.failure) ? 0 : 2),
    String(row.profiles),
    String(row.excluded),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const leftAligned = new Set([1]);
  const renderLine = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        leftAligned.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return (
    [renderLine(header), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(renderLine)].join('\n') + '\n'
  );
}

/** The `--json` form: `{ "rows": [{ model, name, score, success, failure, profiles, excluded, repeats, scoreStd, file, format }] }`. */
export function leaderboardJson(rows: readonly LeaderboardRow[]): string {
  return `${JSON.stringify({ rows }, null, 2)}\n`;
}
