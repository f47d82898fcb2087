import type { ReplyMonitorSummary } from '@rlver/reward';
import { DEGENERATE_KINDS } from '@rlver/text-quality';
import type { ReplyAuditReport } from './audit-replies';

const percent = (value: number | undefined) => `${((value ?? 0) * 100).toFixed(1)} %`;

/** The monitor figures of one set of replies, one per line (`indent` before each). */
export function formatMonitorLines(monitors: ReplyMonitorSummary, indent = '  '): string[] {
  const metric = (name: string) => monitors.metrics[`monitor/${name}`];
  return [
    `${indent}replies               ${monitors.replies}`,
    `${indent}degenerate            ${percent(metric('degenerate_fraction'))}`,
    ...DEGENERATE_KINDS.map((kind) => `${indent}  ${kind.padEnd(20)}${percent(metric(`degenerate_${kind}_fraction`))}`),
    `${indent}distinct-2            ${(metric('distinct_2') ?? 0).toFixed(3)}`,
    `${indent}reply length          ${(metric('reply_length_chars') ?? 0).toFixed(1)} characters`,
    `${indent}top opening share     ${percent(metric('top_opening_share'))}${monitors.topOpening ? ` ("${monitors.topOpening}")` : ''}`,
  ];
}

const clip = (text: string, length: number) =>
  [...text].length > length ? `${[...text].slice(0, length).join('')}…` : text;

/** A readable text report of one audited file: figures, first vs last training steps, sample flagged replies. */
export function formatReplyAudit(heading: string, report: ReplyAuditReport): string {
  const lines = [heading, ...formatMonitorLines(report.monitors)];
  if (report.steps) {
    const { first, last } = report.steps;
    const span = (item: typeof first) =>
      item.from === item.to ? `step ${item.from}` : `steps ${item.from}–${item.to}`;
    lines.push(
      `  first ${span(first)} vs last ${span(last)}: reward ${first.rewardMean.toFixed(3)} → ${last.rewardMean.toFixed(3)}, degenerate ${percent(first.monitors.metrics['monitor/degenerate_fraction'])} → ${percent(last.monitors.metrics['monitor/degenerate_fraction'])}`,
    );
  }
  const flagged = DEGENERATE_KINDS.filter((kind) => report.samples[kind].count > 0);
  if (flagged.length > 0) lines.push('  sample degenerate replies:');
  for (const kind of flagged) {
    const { count, replies } = report.samples[kind];
    lines.push(`    ${kind} (${count} replies):`);
    for (const sample of replies) {
      const where = `${sample.step === undefined ? '' : `step ${sample.step} · `}${sample.episodeId} turn ${sample.turn} [${sample.lang}]`;
      lines.push(`      ${where}: ${JSON.stringify(clip(sample.text, 160))}  — ${clip(sample.evidence, 60)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
