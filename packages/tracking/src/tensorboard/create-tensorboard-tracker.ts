import { appendFileSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ExperimentTrackerV1 } from '../experiment-tracker-v1';
import { TrackingError } from '../tracking-error';
import { encodeFileVersionEvent, encodeScalarsEvent, frameRecord } from './encode-event';

export interface TensorBoardTrackerOptions {
  /** Folder of the event files (`runs/<run-id>/tensorboard`); created on the first write. */
  directory: string;
  /** Milliseconds since the epoch (default `Date.now`); injectable for tests. */
  now?: () => number;
  /** Host name in the file name (default `os.hostname()`). */
  host?: string;
}

/**
 * A tracker that writes TensorBoard event files directly: TFRecord-framed `Event` protos (masked CRC-32C), the
 * first holding `file_version: "brain.Event:2"`, then one event per step with a `simple_value` summary per metric,
 * as `tf.summary.scalar` v1 writes them. A resumed run adds a new file beside the old ones (TensorBoard reads all).
 * `doLogConfig` writes nothing: the config is in `config.json` beside the folder.
 */
export function createTensorBoardTracker(options: TensorBoardTrackerOptions): ExperimentTrackerV1 {
  const now = options.now ?? Date.now;
  let file: string | undefined;
  const append = (data: Uint8Array) => {
    try {
      if (file === undefined) {
        mkdirSync(options.directory, { recursive: true });
        const seconds = Math.floor(now() / 1000);
        const name = `events.out.tfevents.${seconds}.${options.host ?? hostname()}.${process.pid}.0`;
        file = join(options.directory, name);
        appendFileSync(file, frameRecord(encodeFileVersionEvent(now() / 1000)));
      }
      appendFileSync(file, frameRecord(data));
    } catch (error) {
      throw new TrackingError({
        backend: 'tensorboard',
        message: `cannot write TensorBoard events in ${options.directory}: ${(error as Error).message}`,
        cause: error,
      });
    }
  };
  return {
    specificationVersion: 'v1',
    backend: 'tensorboard',
    location: options.directory,
    async doLogConfig() {},
    async doLogMetrics({ step, metrics, timeMs }) {
      const scalars = Object.entries(metrics).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number',
      );
      append(encodeScalarsEvent({ wallTimeSeconds: (timeMs ?? now()) / 1000, step, scalars }));
    },
    async doFinish() {},
  };
}
