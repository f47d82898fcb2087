import type { AdaptiveExploit } from './adaptive-attack';
import type { RedTeamReport } from './run-redteam';

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

/** A readable table of a red-team report and, when given, the adaptive attack's best exploits. */
export function formatRedTeamReport(report: RedTeamReport, exploits: readonly AdaptiveExploit[] = []): string {
  const lines = [
    `simulator ${report.simulatorId} · ${report.lang} · ${report.turns} judged replies`,
    `${'family'.padEnd(22)} ${'n'.padStart(5)} ${'real wins'.padStart(10)} ${'mean gap'.padStart(9)} ${'real'.padStart(6)} ${'copy'.padStart(6)}  ≥ ${percent(report.familyTarget)}`,
  ];
  for (const family of report.families) {
    lines.push(
      `${family.family.padEnd(22)} ${String(family.turns).padStart(5)} ${percent(family.winRate).padStart(10)} ${signed(family.meanGap).padStart(9)} ${signed(family.meanRealChange).padStart(6)} ${signed(family.meanVariantChange).padStart(6)}  ${family.winRate >= report.familyTarget ? 'yes' : 'NO'}`,
    );
  }
  lines.push(
    `mean over families ${percent(report.meanWinRate)} (target ${percent(report.meanTarget)}), lowest ${percent(report.minWinRate)} → ${report.holds ? 'the judge holds' : 'the judge does NOT hold'}`,
  );
  if (exploits.length > 0) {
    lines.push('', 'adaptive attack (best text per seed; mean change against the real replies in the same states):');
    for (const exploit of exploits) {
      lines.push(
        `  ${exploit.seed.padEnd(18)} ${signed(exploit.meanChange).padStart(6)} vs ${signed(exploit.referenceMeanChange)} ${exploit.holds ? 'holds' : 'EXPLOIT'}  ${JSON.stringify(exploit.text.slice(0, 100))}`,
      );
    }
  }
  return lines.join('\n');
}
