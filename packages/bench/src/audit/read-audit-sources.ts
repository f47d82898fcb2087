import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readSageResultFile, sageRecordToTrajectory } from '@rlver/env';
import { InvalidInputError, parseJsonl, safeParseJSON, trajectorySchema } from '@rlver/spec';
import { z } from 'zod';
import { listResultFiles, modelNameOf } from '../leaderboard/import-leaderboard';
import type { AuditedDialogue } from './audit-replies';

/** What a results file holds: our benchmark trajectories, a training run's rollouts, or reference SAGE records. */
export type AuditFormat = 'benchmark results' | 'training rollouts' | 'sage transcripts';

/** One file's dialogues, ready for `auditReplies`. */
export interface AuditSource {
  file: string;
  format: AuditFormat;
  dialogues: AuditedDialogue[];
}

const probeSchema = z
  .object({ schemaVersion: z.literal(1), finalEmotion: z.number(), step: z.number().int().optional() })
  .loose();
const rolloutLineSchema = trajectorySchema.extend({ step: z.number().int().nonnegative().optional() });

/**
 * Read one results file, detecting its format from the first line: trajectory lines (`results.jsonl` of a benchmark;
 * `rollouts.jsonl` of a training run when they carry `step`) or reference SAGE records (language detected from the
 * opening). A malformed line is an `InvalidInputError` naming the file and line.
 */
export function readAuditFile(file: string): AuditSource {
  const text = readFileSync(file, 'utf8');
  const firstLine = text.split('\n').find((line) => line.trim() !== '');
  if (firstLine === undefined) {
    throw new InvalidInputError({
      message: 'is empty; pass a results.jsonl, rollouts.jsonl or SAGE result file',
      file,
    });
  }
  const probe = safeParseJSON(firstLine, probeSchema);
  if (probe.success) {
    const records = parseJsonl(text, rolloutLineSchema, { file }).records;
    return {
      file,
      format: probe.value.step === undefined ? 'benchmark results' : 'training rollouts',
      dialogues: records.map(({ value: { step, ...trajectory } }) => ({
        trajectory,
        ...(step === undefined ? {} : { step }),
      })),
    };
  }
  const { name } = modelNameOf(file, join(file, '..'));
  return {
    file,
    format: 'sage transcripts',
    dialogues: readSageResultFile(file).records.map((record) => ({
      trajectory: sageRecordToTrajectory(record, { policyId: name }),
    })),
  };
}

/**
 * The results files behind a path: the file itself; for a training run folder its `rollouts.jsonl` and the
 * `before/` and `after/` benchmark results; for a benchmark `--out` folder its `results.jsonl`; otherwise every
 * `.jsonl` result file below the folder (SAGE transcripts).
 */
export function listAuditFiles(path: string): string[] {
  if (!existsSync(path)) {
    throw new InvalidInputError({ message: 'not found; pass results files or run folders', file: path });
  }
  if (!statSync(path).isDirectory()) return [path];
  const known = ['rollouts.jsonl', 'before/results.jsonl', 'after/results.jsonl', 'results.jsonl']
    .map((name) => join(path, name))
    .filter((file) => existsSync(file));
  const files = known.length > 0 ? known : listResultFiles(path);
  if (files.length === 0) {
    throw new InvalidInputError({
      message: 'holds no results.jsonl, rollouts.jsonl or .jsonl result files; pass a run folder or a results file',
      file: path,
    });
  }
  return files;
}
