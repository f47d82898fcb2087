import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type EndpointUsage, endpointUsageSchema } from '@rlver/llm';
import { InvalidInputError, readCompleteJsonl, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import { RESULT_FILES, readRunDirectory } from '../run/results-files';
import type { ReportRun } from './render-report';
import type { TrainingSeries } from './training-series';

const configProbeSchema = z.object({ runId: z.string().optional(), simulator: z.string().optional() }).loose();
const summaryProbeSchema = z.object({ endpoints: z.record(z.string(), endpointUsageSchema).optional() }).loose();

/** The LLM usage per role of a finished training run (`summary.json` → `endpoints`); {} while it runs. */
function endpointUsageOf(directory: string): Record<string, EndpointUsage> {
  const file = join(directory, 'summary.json');
  if (!existsSync(file)) return {};
  const parsed = safeParseJSON(readFileSync(file, 'utf8'), summaryProbeSchema);
  if (!parsed.success)
    throw new InvalidInputError({ file, message: `is not a training summary (${parsed.error.message})` });
  return parsed.value.endpoints ?? {};
}

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
  const endpointUsage = endpointUsageOf(directory);
  const hasUsage = Object.keys(endpointUsage).length > 0;
  return { training: { label, simulator, steps: records, ...(hasUsage ? { endpointUsage } : {}) }, runs };
}
