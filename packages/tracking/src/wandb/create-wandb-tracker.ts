import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ExperimentTrackerV1, TrackedRunStatus } from '../experiment-tracker-v1';
import { TrackingError } from '../tracking-error';
import { encodeWandbRecord, type WandbRecordBody } from './encode-wandb-record';
import { WandbLogWriter } from './leveldb-log';

export interface WandbTrackerOptions {
  /** Folder that holds the offline runs (`runs/<run-id>/wandb`); created on the first write. */
  directory: string;
  /** Display name of the run in W&B (the rlver run id). */
  runName: string;
  /** W&B project (default `$WANDB_PROJECT`, else `rlver`). */
  project?: string;
  /** W&B entity (default `$WANDB_ENTITY`, else the account's default entity at sync time). */
  entity?: string;
  /** Environment for `WANDB_PROJECT`, `WANDB_ENTITY`, `WANDB_RUN_ID`, `WANDB_TAGS` (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds since the epoch (default `Date.now`); injectable for tests. */
  now?: () => number;
  /** Host name recorded on the run (default `os.hostname()`). */
  host?: string;
  /** Version of the writer recorded in the header record. */
  producer?: string;
}

const RUN_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh 8-character W&B run id (`[a-z0-9]{8}`, as the SDK makes them). */
function newRunId(): string {
  let id = '';
  for (let index = 0; index < 8; index += 1) id += RUN_ID_ALPHABET[Math.floor(Math.random() * RUN_ID_ALPHABET.length)];
  return id;
}

/** `YYYYMMDD_HHMMSS` in UTC, as in W&B's run folder names. */
function folderTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

const EXIT_CODES: Record<TrackedRunStatus, number> = { finished: 0, failed: 1, interrupted: 255 };

/**
 * A tracker that writes a W&B offline run, as `wandb.init(mode="offline")` leaves it:
 * `<directory>/offline-run-<YYYYMMDD_HHMMSS>-<id>/run-<id>.wandb` (the transaction log of `wandb_internal.Record`s:
 * header, run, config, one history record per step, then summary, exit and final) plus `files/wandb-summary.json`.
 * Nothing goes over the network; upload later with `wandb sync <that folder>`. Each record is appended at once, so
 * a crashed run leaves a log that syncs up to its last step.
 */
export function createWandbTracker(options: WandbTrackerOptions): ExperimentTrackerV1 {
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const runId = env.WANDB_RUN_ID?.trim() || newRunId();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(runId))
    throw new TrackingError({
      backend: 'wandb',
      message: `WANDB_RUN_ID "${runId}" is not a W&B run id; use 1-64 letters, digits, - or _ (or unset it for a random id)`,
    });
  const project = options.project ?? (env.WANDB_PROJECT?.trim() || 'rlver');
  const entity = options.entity ?? (env.WANDB_ENTITY?.trim() || undefined);
  const tags = (env.WANDB_TAGS ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const startMs = now();
  const runFolder = join(options.directory, `offline-run-${folderTime(startMs)}-${runId}`);
  const log = new WandbLogWriter(join(runFolder, `run-${runId}.wandb`));
  const summary: Record<string, number> = {};
  let num = 0;
  let lastStep = -1;
  const write = (record: WandbRecordBody) => {
    try {
      if (num === 0) {
        mkdirSync(join(runFolder, 'files'), { recursive: true });
        num += 1;
        log.append(encodeWandbRecord(num, { kind: 'header', producer: options.producer ?? 'rlver-tracking' }));
        num += 1;
        log.append(
          encodeWandbRecord(num, {
            kind: 'run',
            runId,
            project,
            entity,
            displayName: options.runName,
            host: options.host ?? hostname(),
            tags,
            startTimeMs: startMs,
          }),
        );
      }
      num += 1;
      log.append(encodeWandbRecord(num, record));
    } catch (error) {
      throw new TrackingError({
        backend: 'wandb',
        message: `cannot write the W&B offline run in ${runFolder}: ${(error as Error).message}`,
        cause: error,
      });
    }
  };
  return {
    specificationVersion: 'v1',
    backend: 'wandb',
    location: `${runFolder} (upload with: wandb sync ${runFolder})`,
    async doLogConfig({ config }) {
      write({ kind: 'config', values: config });
    },
    async doLogMetrics({ step, metrics, timeMs }) {
      // W&B history steps must increase; a resumed run that logs an earlier step again is skipped up to the last.
      if (step <= lastStep) return;
      lastStep = step;
      const time = timeMs ?? now();
      const values: Record<string, number> = {};
      for (const [key, value] of Object.entries(metrics)) if (typeof value === 'number') values[key] = value;
      Object.assign(summary, values);
      write({
        kind: 'history',
        step,
        values: { ...values, _step: step, _timestamp: time / 1000, _runtime: (time - startMs) / 1000 },
      });
    },
    async doFinish({ status }) {
      write({ kind: 'summary', values: summary });
      write({ kind: 'exit', exitCode: EXIT_CODES[status], runtimeSeconds: (now() - startMs) / 1000 });
      write({ kind: 'final' });
      try {
        writeFileSync(join(runFolder, 'files', 'wandb-summary.json'), `${JSON.stringify(summary)}\n`);
      } catch (error) {
        throw new TrackingError({
          backend: 'wandb',
          message: `cannot write wandb-summary.json: ${error}`,
          cause: error,
        });
      }
    },
  };
}
