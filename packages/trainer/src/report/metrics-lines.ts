/** metrics.jsonl lines, the last line per step (a resumed run may repeat a step), in step order. */
export function lastPerStep(lines: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const byStep = new Map<number, Record<string, unknown>>();
  for (const line of lines) if (typeof line.step === 'number') byStep.set(line.step, line);
  return [...byStep.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

/** The finite values of one metric key, in line order. */
export function seriesOf(lines: ReadonlyArray<Record<string, unknown>>, key: string): number[] {
  return lines
    .map((line) => (typeof line[key] === 'number' ? (line[key] as number) : Number.NaN))
    .filter(Number.isFinite);
}
