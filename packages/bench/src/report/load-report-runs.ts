import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readSageResultFile, sageRecordToTrajectory } from '@rlver/env';
import { InvalidInputError, parseJsonl, safeParseJSON, type Trajectory, trajectorySchema } from '@rlver/spec';
import { z } from 'zod';
import { listResultFiles, modelNameOf } from '../leaderboard/import-leaderboard';
import { RESULT_FILES, readRunDirectory } from '../run/results-files';
import type { ReportRun } from './render-report';

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
    ...(run.summary ? { settings: run.summary.settings } : {}),
    ...(run.summary?.judge ? { judge: run.summary.judge } : {}),
  };
}

/**
 * The runs of a report from paths: benchmark output directories (`results.jsonl` + `summary.json`), single
 * result files, or folders of reference SAGE result files (one run per file). Duplicate labels get a suffix.
 */
export function loadReportRuns(paths: readonly string[]): ReportRun[] {
  const runs: ReportRun[] = [];
  for (const path of paths) {
    if (!existsSync(path)) {
      throw new InvalidInputError({
        message: 'not found; pass benchmark output directories or result files',
        file: path,
      });
    }
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, RESULT_FILES.results))) {
        runs.push(runOfDirectory(path));
        continue;
      }
      const files = listResultFiles(path);
      if (files.length === 0) {
        throw new InvalidInputError({
          message: `holds neither ${RESULT_FILES.results} nor .jsonl result files; pass the --out directory of \`rlver-eval run\``,
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
  return runs.map((run) => {
    const count = (seen.get(run.label) ?? 0) + 1;
    seen.set(run.label, count);
    return count === 1 ? run : { ...run, label: `${run.label} (${count})` };
  });
}
