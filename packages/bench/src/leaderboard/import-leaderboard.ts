import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { InvalidInputError, parseJsonl, safeParseJSON, trajectorySchema } from '@rlver/spec';
import { z } from 'zod';
import {
  computeRepeatedScore,
  SAGE_THRESHOLDS,
  type ScoredEpisode,
  type ScoreThresholds,
} from '../score/compute-sentient-score';
import { sageScoreRecordSchema } from './sage-score-record';

/** One row of the leaderboard: one result file (= one model under one simulator). */
export interface LeaderboardRow {
  /** Path of the file relative to the imported directory, without `.jsonl` / `_result`, e.g. `deepseek-v3/claude3.7`. */
  model: string;
  /** The file stem alone, e.g. `claude3.7`. */
  name: string;
  file: string;
  /** `sage` (reference result lines) or `trajectory` (our `results.jsonl`). */
  format: 'sage' | 'trajectory';
  /** Sentient score (mean over repeats when there are several); null when nothing counts. */
  score: number | null;
  success: number;
  failure: number;
  /** Episodes counted (per repeat). */
  profiles: number;
  /** Episodes excluded from the score (errors, interruptions). */
  excluded: number;
  repeats: number;
  /** Std of the score over repeats (0 for one repeat). */
  scoreStd: number;
}

const trajectoryProbeSchema = z.object({ schemaVersion: z.literal(1), finalEmotion: z.number() }).loose();

/** Read the episodes of one result file: SAGE reference lines or our trajectory lines (detected from line 1). */
export function readScoredEpisodes(file: string): { format: LeaderboardRow['format']; episodes: ScoredEpisode[] } {
  const text = readFileSync(file, 'utf8');
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? '';
  if (safeParseJSON(firstLine, trajectoryProbeSchema).success) {
    const { records } = parseJsonl(text, trajectorySchema, { file });
    return {
      format: 'trajectory',
      episodes: records.map(({ value }) => ({
        profileId: value.profileId,
        finalEmotion: value.finalEmotion,
        stopReason: value.stopReason,
        error: value.error,
        repeat: value.repeat,
      })),
    };
  }
  const { records } = parseJsonl(text, sageScoreRecordSchema, { file });
  return {
    format: 'sage',
    episodes: records.map(({ value }) => ({
      profileId: value.id,
      finalEmotion: value.emo_point,
      stopReason: value.stopReason,
      error: value.error,
    })),
  };
}

/** Model names of a result file: `<dir>/<model>.jsonl` → `<model>`; a run directory's `results.jsonl` → the directory. */
export function modelNameOf(file: string, root: string): { model: string; name: string } {
  const stem = basename(file).replace(/\.jsonl$/, '');
  if (stem === 'results' || stem === 'sage-results') {
    const directory = relative(root, dirname(file)).split(sep).join('/');
    const name = basename(dirname(file));
    return { model: directory || name, name };
  }
  const name = stem.replace(/_result$/, '');
  const folder = relative(root, dirname(file)).split(sep).join('/');
  return { model: folder ? `${folder}/${name}` : name, name };
}

/** Every `.jsonl` result file under a directory, in path order (a run directory's SAGE export skipped). */
export function listResultFiles(directory: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    const entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    const names = new Set(entries.map((entry) => entry.name));
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.jsonl')) {
        // A run directory holds the same episodes twice; read the trajectories, not the export.
        if (entry.name === 'sage-results.jsonl' && names.has('results.jsonl')) continue;
        files.push(path);
      }
    }
  };
  walk(directory);
  return files;
}

/**
 * Import a directory of result files (one file per model, nested folders allowed) or one file, and score
 * each. Rows are sorted by score, best first; ties keep path order.
 */
export function importLeaderboard(path: string, thresholds: ScoreThresholds = SAGE_THRESHOLDS): LeaderboardRow[] {
  if (!existsSync(path)) {
    throw new InvalidInputError({ message: 'not found; pass a directory of .jsonl result files', file: path });
  }
  const isDirectory = statSync(path).isDirectory();
  const root = isDirectory ? path : dirname(path);
  const files = isDirectory ? listResultFiles(path) : [path];
  if (files.length === 0) {
    throw new InvalidInputError({
      message: 'holds no .jsonl result files; pass a folder of SAGE result files (one <model>.jsonl per model)',
      file: path,
    });
  }
  const rows = files.map((file): LeaderboardRow => {
    const { format, episodes } = readScoredEpisodes(file);
    if (episodes.length === 0) {
      throw new InvalidInputError({ message: 'is empty; every result file needs one line per profile', file });
    }
    const repeated = computeRepeatedScore(episodes, thresholds);
    const single = repeated.perRepeat.length === 1 ? repeated.perRepeat[0] : undefined;
    return {
      ...modelNameOf(file, root),
      file,
      format,
      score: single ? single.score : (repeated.score?.mean ?? null),
      success: single ? single.success : repeated.success.mean,
      failure: single ? single.failure : repeated.failure.mean,
      profiles: single ? single.profiles : Math.round(episodes.length / repeated.repeats),
      excluded: repeated.excluded.length,
      repeats: repeated.repeats,
      scoreStd: repeated.score?.std ?? 0,
    };
  });
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => (b.row.score ?? -Infinity) - (a.row.score ?? -Infinity) || a.index - b.index)
    .map(({ row }) => row);
}
