export interface ProgressBar {
  /** Advance by `count` and optionally update the live fields (e.g. `{ 'mean emotion': 52.3 }`). */
  tick(count?: number, fields?: Record<string, string | number>): void;
  /** Update the live fields without advancing. */
  update(fields: Record<string, string | number>): void;
  done(): void;
}

/**
 * A dependency-free progress bar on stderr. On a TTY it redraws one line; otherwise it prints a line at
 * every 10 % so logs stay readable in CI.
 */
export function createProgressBar(options: {
  label: string;
  total: number;
  /** Work already done before this bar started (a resumed run); the ETA counts only what remains. */
  initial?: number;
  stream?: NodeJS.WriteStream;
}): ProgressBar {
  const stream = options.stream ?? process.stderr;
  const started = Date.now();
  const initial = options.initial ?? 0;
  let current = initial;
  let lastDecile = -1;
  let fields: Record<string, string | number> = {};
  const render = (final = false) => {
    const fraction = options.total > 0 ? Math.min(current / options.total, 1) : 1;
    const width = 24;
    const filled = Math.round(fraction * width);
    const elapsed = (Date.now() - started) / 1000;
    const doneHere = current - initial;
    const eta = doneHere > 0 ? (elapsed / doneHere) * Math.max(options.total - current, 0) : 0;
    const extra = Object.entries(fields)
      .map(([key, value]) => `${key} ${typeof value === 'number' ? value.toFixed(value >= 100 ? 0 : 2) : value}`)
      .join(' · ');
    const line = `${options.label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${current}/${options.total} ${elapsed.toFixed(0)}s<${eta.toFixed(0)}s${extra ? ` · ${extra}` : ''}`;
    if (stream.isTTY) {
      stream.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    } else {
      const decile = Math.floor(fraction * 10);
      if (decile !== lastDecile || final) {
        lastDecile = decile;
        stream.write(`${line}\n`);
      }
    }
  };
  return {
    tick(count = 1, newFields) {
      current += count;
      if (newFields) fields = { ...fields, ...newFields };
      render();
    },
    update(newFields) {
      fields = { ...fields, ...newFields };
      render();
    },
    done() {
      render(true);
    },
  };
}
