import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkResult } from '@rlver/bench';
import type { EndpointUsage } from '@rlver/llm';
import { describeEndpointUsage } from '@rlver/llm';
import { type Profile, parseJsonl } from '@rlver/spec';
import {
  buildTrainingSummary,
  describeStrategyShift,
  describeThinkSummary,
  intentionLookup,
  renderTrainingReport,
  type ThinkDependence,
  type TrainConfig,
  type TrainingSummary,
} from '@rlver/trainer';
import { z } from 'zod';

/** What a finished run's outputs are made of. */
export interface RunOutputsInput {
  config: TrainConfig;
  runId: string;
  runDirectory: string;
  backend: string;
  /** `performance.now()` when the run started. */
  started: number;
  before?: BenchmarkResult;
  after?: BenchmarkResult;
  evalProfiles: readonly Profile[];
  endpoints: Record<string, EndpointUsage>;
  /** Think runs: the think-dependence check on the trained policy. */
  thinkDependence?: readonly ThinkDependence[];
}

/** Write a finished run's `summary.json` and `report.html` (from its `metrics.jsonl` and benchmarks); returns the summary. */
export function writeRunOutputs(input: RunOutputsInput): TrainingSummary {
  const { config, runId, runDirectory, before, after } = input;
  const metricsText = readFileSync(join(runDirectory, 'metrics.jsonl'), 'utf8');
  const metrics = parseJsonl(metricsText, z.record(z.string(), z.unknown()), {
    file: join(runDirectory, 'metrics.jsonl'),
  }).records.map((record) => record.value);
  const summary = buildTrainingSummary({
    runId,
    config,
    backend: input.backend,
    wallSeconds: (performance.now() - input.started) / 1000,
    before,
    after,
    metrics,
    intentionOf: intentionLookup(input.evalProfiles),
    ...(input.thinkDependence ? { thinkDependence: input.thinkDependence } : {}),
  });
  if (Object.keys(input.endpoints).length > 0) summary.endpoints = input.endpoints;
  writeFileSync(join(runDirectory, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const html = renderTrainingReport({
    summary,
    metrics,
    config: { ...config, runId },
    before: before && { label: 'before training', trajectories: before.trajectories },
    after: after && { label: 'after training', trajectories: after.trajectories },
  });
  writeFileSync(join(runDirectory, 'report.html'), html);
  return summary;
}

/** The closing lines of a run: where its outputs are, the held-out score change, strategy shift, endpoints, warnings. */
export function runEndLines(
  summary: TrainingSummary,
  runDirectory: string,
  endpoints: Record<string, EndpointUsage>,
): string[] {
  const lines = [
    `done in ${summary.wallSeconds.toFixed(0)} s: ${join(runDirectory, 'summary.json')}, ${join(runDirectory, 'report.html')}`,
  ];
  if (summary.improvement !== null)
    lines.push(
      `held-out score ${summary.before?.score} → ${summary.after?.score} (${summary.improvement >= 0 ? '+' : ''}${summary.improvement.toFixed(1)})`,
    );
  if (summary.strategyShift) lines.push(describeStrategyShift(summary.strategyShift));
  if (summary.thinkCheck) lines.push(...describeThinkSummary(summary.thinkCheck));
  lines.push(...describeEndpointUsage(endpoints));
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  return lines;
}
