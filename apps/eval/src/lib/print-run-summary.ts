import type { BenchmarkResult } from '@rlver/bench';
import { describeEndpointUsage } from '@rlver/llm';

/** Print the score and where the files are (stdout), and excluded episodes (stderr). */
export function printRunSummary(result: BenchmarkResult): void {
  const { summary, files } = result;
  const score =
    summary.repeats.count > 1 && summary.score !== null
      ? `${summary.score.toFixed(1)} ± ${summary.scoreStd.toFixed(1)} over ${summary.repeats.count} repeats`
      : summary.score === null
        ? '— (no episode counted)'
        : summary.score.toFixed(1);
  const lines = [
    `${summary.label}: Sentient score ${score} · success ${summary.success} · failure ${summary.failure} · ${summary.profiles} profiles counted`,
  ];
  if (summary.timing.tornLinesSetAside)
    lines.push(
      `${summary.timing.tornLinesSetAside} torn line(s) inside ${files.results} (a write cut by a crash) were moved to unreadable-lines.txt; their dialogues were run again`,
    );
  if (summary.timing.episodesRedone)
    lines.push(`${summary.timing.episodesRedone} dialogue(s) that had ended in an error were run again`);
  if (summary.errors > 0)
    lines.push(
      `${summary.errors} episode(s) ended in an error and are excluded from the score (listed in ${files.summary}); rerun the same command to redo them`,
    );
  if (summary.judge) {
    const means = Object.entries(summary.judge.means).map(([name, value]) => `${name} ${value.toFixed(1)}`);
    lines.push(`capabilities (${summary.judge.judgeId}, not paper parity): ${means.join(' · ')}`);
  }
  if (summary.monitors) {
    const metric = (name: string) => `${((summary.monitors?.metrics[`monitor/${name}`] ?? 0) * 100).toFixed(1)} %`;
    lines.push(
      `reply monitors: degenerate ${metric('degenerate_fraction')} (repetition ${metric('degenerate_repetition_fraction')}, mixed language ${metric('degenerate_mixed_language_fraction')}, low fluency ${metric('degenerate_low_fluency_fraction')}) · top opening ${metric('top_opening_share')} of ${summary.monitors.replies} replies; samples: rlver-eval audit ${files.results}`,
    );
  }
  lines.push(...describeEndpointUsage(summary.endpoints ?? {}));
  if (!summary.complete) lines.push('interrupted: rerun the same command to resume (finished episodes are kept)');
  lines.push(
    `results: ${files.results}`,
    `SAGE format: ${files.sageResults}`,
    `summary: ${files.summary}`,
    `report: ${files.report}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const excluded of summary.excluded.slice(0, 5)) {
    process.stderr.write(
      `  excluded ${excluded.profileId} (repeat ${excluded.repeat}, ${excluded.stopReason}): ${excluded.message}\n`,
    );
  }
}
