import type { AdaptiveExploit } from './adaptive/adaptive-attack';
import type { RedTeamReport } from './run-redteam';

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;
const oneLine = (text: string, width: number) => {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return [...flat].length > width ? `${[...flat].slice(0, width - 1).join('')}…` : flat;
};

/** A readable table of a red-team report and, when given, the adaptive attack's best exploits. */
export function formatRedTeamReport(report: RedTeamReport, exploits: readonly AdaptiveExploit[] = []): string {
  const target = percent(report.familyTarget);
  const lines = [
    `simulator ${report.simulatorId} · ${report.turns} judged replies · seed ${report.seed}${report.errors > 0 ? ` · ${report.errors} pairs lost to errors` : ''}`,
    '',
    `${'family'.padEnd(26)} ${'lang'.padEnd(4)} ${'n'.padStart(5)} ${'real wins'.padStart(9)} ${'mean gap'.padStart(8)} ${'real'.padStart(6)} ${'copy'.padStart(6)}  pass ≥ ${target}`,
  ];
  for (const row of report.families) {
    lines.push(
      `${row.family.padEnd(26)} ${row.lang.padEnd(4)} ${String(row.turns).padStart(5)} ${percent(row.winRate).padStart(9)} ${signed(row.meanGap).padStart(8)} ${signed(row.meanRealChange).padStart(6)} ${signed(row.meanVariantChange).padStart(6)}  ${row.passes ? 'yes' : 'NO'}`,
    );
  }
  lines.push('');
  for (const summary of report.languages) {
    lines.push(
      `mean over families (${summary.lang}): ${percent(summary.meanWinRate)} (target ${percent(report.meanTarget)}), lowest ${percent(summary.minWinRate)}`,
    );
  }
  lines.push(
    report.holds
      ? 'verdict: the simulated user holds'
      : 'verdict: the simulated user does NOT hold (a family below target or a mean below target)',
  );
  const failing = report.families.filter((row) => !row.passes && row.example);
  if (failing.length > 0) {
    lines.push('', 'for each failing family, the copy that came closest to (or beat) its real reply:');
    for (const row of failing) {
      lines.push(
        `  ${row.family} (${row.lang}) ${signed(row.example?.change ?? 0)}: ${oneLine(row.example?.text ?? '', 110)}`,
      );
    }
  }
  if (exploits.length > 0) {
    lines.push('', 'adaptive attack (best text per seed; mean change vs the real replies in the same states):');
    for (const exploit of exploits) {
      lines.push(
        `  ${exploit.seed.padEnd(18)} ${exploit.lang} ${signed(exploit.meanChange).padStart(6)} vs ${signed(exploit.referenceMeanChange).padStart(6)}  ${exploit.holds ? 'holds  ' : 'EXPLOIT'}  ${oneLine(exploit.text, 90)}`,
      );
    }
    const held = exploits.every((exploit) => exploit.holds);
    lines.push(`best exploit stays below the reference replies: ${held}`);
  }
  return lines.join('\n');
}
