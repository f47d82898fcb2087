import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InvalidInputError, readCompleteJsonl, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import { RESULT_FILES, readRunDirectory } from '../run/results-files';
import type { ReportRun } from './render-report';
import type { TrainingSeries } from './training-series';

const configProbeSchema = z.object({ runId: z.string().optional(), simulator: z.string().optional() }).loose();

/** Whether `directory` is an `rlver-train` run folder (it has `metrics.jsonl`). */
export function isTrainingRunDirectory(directory: string): boolean {
  return existsSync(join(directory, 'metrics.jsonl'));
}

/**
 * A training run folder (`runs/<run-id>`) read for the report: its per-step metrics (a torn last line of a run
 * still writing is left out) and its held-out benchmarks `before/` and `after/` when they have results.
 */
export function loadTrainingRun(directory: string): { training: TrainingSeries; runs: ReportRun[] } {
  const configFile = join(directory, 'config.json');
  let config: z.infer<typeof configProbeSchema> = {};
  if (existsSync(configFile)) {
    const parsed = safeParseJSON(readFileSync(configFile, 'utf8'), configProbeSchema);
    if (!parsed.success)
      throw new InvalidInputError({
        file: configFile,
        message: `is not a training config (${parsed.error.message}); is ${directory} an rlver-train run folder?`,
      });
    config = parsed.value;
  }
  const label = config.runId ?? basename(directory);
  const simulator = config.simulator ?? 'offline';
  const { records } = readCompleteJsonl(join(directory, 'metrics.jsonl'), z.record(z.string(), z.unknown()));
  const runs: ReportRun[] = [];
  for (const [folder, when] of [
    ['before', 'before training'],
    ['after', 'after training'],
  ] as const) {
    const benchmark = join(directory, folder);
    if (!existsSync(join(benchmark, RESULT_FILES.results))) continue;
    const run = readRunDirectory(benchmark);
    runs.push({
      label: `${label} · ${when}`,
      trajectories: run.trajectories,
      simulator: run.summary?.settings.simulatorId ?? run.trajectories[0]?.simulatorId ?? simulator,
      ...(run.summary ? { settings: run.summary.settings } : {}),
    });
  }
  return { training: { label, simulator, steps: records }, runs };
}
