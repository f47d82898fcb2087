import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readSageResultFile, sageRecordToTrajectory } from '@rlver/env';
import { InvalidInputError, parseJsonl, safeParseJSON, type Trajectory, trajectorySchema } from '@rlver/spec';
import { z } from 'zod';
import { listResultFiles, modelNameOf } from '../leaderboard/import-leaderboard';
import { RESULT_FILES, readRunDirectory } from '../run/results-files';
import { isTrainingRunDirectory, loadTrainingRun } from './load-training-run';
import type { ReportRun } from './render-report';
import type { TrainingSeries } from './training-series';

const trajectoryProbeSchema = z.object({ schemaVersion: z.literal(1), finalEmotion: z.number() }).loose();

/** Trajectories of one file: our `results.jsonl` lines, or reference SAGE lines converted. */
export function readTrajectoryFile(file: string, label: string): Trajectory[] {
  const text = readFileSync(file, 'utf8');
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  if (safeParseJSON(firstLine, trajectoryProbeSchema).success) {
    return parseJsonl(text, trajectorySchema, { file }).records.map((record) => record.value);
  }
  return readSageResultFile(file).records.map((record) => sageRecordToTrajectory(record, { policyId: label }));
}

function runOfDirectory(directory: string): ReportRun {
  const run = readRunDirectory(directory);
  return {
    label: run.label,
    trajectories: run.trajectories,
    ...(run.summary ? { settings: run.summary.settings, simulator: run.summary.settings.simulatorId } : {}),
    ...(run.summary?.judge ? { judge: run.summary.judge } : {}),
    ...(run.summary?.endpoints ? { endpointUsage: run.summary.endpoints } : {}),
  };
}

/**
 * The runs of a report from paths: benchmark output directories (`results.jsonl` + `summary.json`), single
 * result files, or folders of reference SAGE result files (one run per file). Duplicate labels get a suffix.
 */
export function loadReportRuns(paths: readonly string[]): ReportRun[] {
  return loadReportSources(paths).runs;
}

/**
 * Everything a report shows from paths: training run folders (`runs/<run-id>`, with `metrics.jsonl`; their
 * `before/` and `after/` benchmarks become runs) and benchmark sources as in `loadReportRuns`.
 */
export function loadReportSources(paths: readonly string[]): { runs: ReportRun[]; training: TrainingSeries[] } {
  const runs: ReportRun[] = [];
  const training: TrainingSeries[] = [];
  for (const path of paths) {
    if (!existsSync(path)) {
      throw new InvalidInputError({
        message: 'not found; pass benchmark output directories or result files',
        file: path,
      });
    }
    if (statSync(path).isDirectory()) {
      if (isTrainingRunDirectory(path)) {
        const loaded = loadTrainingRun(path);
        training.push(loaded.training);
        runs.push(...loaded.runs);
        continue;
      }
      if (existsSync(join(path, RESULT_FILES.results))) {
        runs.push(runOfDirectory(path));
        continue;
      }
      const files = listResultFiles(path);
      if (files.length === 0) {
        throw new InvalidInputError({
          message: `holds neither ${RESULT_FILES.results}, metrics.jsonl nor .jsonl result files; pass the --out directory of \`rlver-eval run\` or a training run folder (runs/<run-id>)`,
          file: path,
        });
      }
      for (const file of files) {
        const { model } = modelNameOf(file, path);
        runs.push({ label: model, trajectories: readTrajectoryFile(file, model) });
      }
      continue;
    }
    const { name } = modelNameOf(path, join(path, '..'));
    runs.push({ label: name, trajectories: readTrajectoryFile(path, name) });
  }
  const seen = new Map<string, number>();
  const unique = <T extends { label: string }>(item: T): T => {
    const count = (seen.get(item.label) ?? 0) + 1;
    seen.set(item.label, count);
    return count === 1 ? item : { ...item, label: `${item.label} (${count})` };
  };
  const uniqueRuns = runs.map(unique);
  seen.clear();
  return { runs: uniqueRuns, training: training.map(unique) };
}
