import { join } from 'node:path';
import type { ExperimentTrackerV1, TrackedRunStatus } from './experiment-tracker-v1';
import { createMLflowTracker } from './mlflow/create-mlflow-tracker';
import type { ReportToBackend } from './parse-report-to';
import { createTensorBoardTracker } from './tensorboard/create-tensorboard-tracker';
import { createWandbTracker } from './wandb/create-wandb-tracker';

export interface RunTracker {
  /** The trackers in use (empty when reporting to none). */
  readonly trackers: readonly ExperimentTrackerV1[];
  /** Queue the resolved config. Never throws. */
  logConfig(config: Readonly<Record<string, unknown>>): void;
  /** Queue one step's metrics. Never throws. */
  logMetrics(step: number, metrics: Readonly<Record<string, number>>): void;
  /** Wait for everything queued, then close each backend. Never throws. */
  finish(status: TrackedRunStatus): Promise<void>;
}

export interface CreateRunTrackerOptions {
  reportTo: readonly ReportToBackend[];
  /** `runs/<run-id>`: TensorBoard writes to its `tensorboard/` folder, W&B to `wandb/offline-run-…`. */
  runDirectory: string;
  /** Run name in the backends (the rlver run id). */
  runName: string;
  /** Told once per backend when it fails; the run goes on and that backend stops. */
  warn(message: string): void;
  /** Environment for `MLFLOW_*` and `WANDB_*` (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Use these trackers instead of building them from `reportTo` (tests, custom backends). */
  trackers?: readonly ExperimentTrackerV1[];
}

/**
 * Build the trackers named in `reportTo` (configuration errors throw here, before the run starts) and put them
 * behind one logger whose calls never fail: each backend gets its own ordered queue, and its first failure is
 * reported once through `warn`, after which that backend is skipped. metrics.jsonl stays the record of the run.
 */
export function createRunTracker(options: CreateRunTrackerOptions): RunTracker {
  const trackers =
    options.trackers ??
    options.reportTo.map((backend) => {
      switch (backend) {
        case 'tensorboard':
          return createTensorBoardTracker({ directory: join(options.runDirectory, 'tensorboard') });
        case 'mlflow':
          return createMLflowTracker({ runName: options.runName, env: options.env });
        default:
          return createWandbTracker({
            directory: join(options.runDirectory, 'wandb'),
            runName: options.runName,
            env: options.env,
          });
      }
    });
  const queues = trackers.map(() => Promise.resolve());
  const failed = trackers.map(() => false);
  const enqueue = (call: (tracker: ExperimentTrackerV1) => Promise<void>) => {
    trackers.forEach((tracker, index) => {
      queues[index] = (queues[index] as Promise<void>).then(async () => {
        if (failed[index]) return;
        try {
          await call(tracker);
        } catch (error) {
          failed[index] = true;
          options.warn(
            `${tracker.backend} tracking failed and is off for the rest of this run (metrics.jsonl still has every step): ${(error as Error).message}`,
          );
        }
      });
    });
  };
  return {
    trackers,
    logConfig: (config) => enqueue((tracker) => tracker.doLogConfig({ config })),
    logMetrics: (step, metrics) => {
      const timeMs = Date.now();
      enqueue((tracker) => tracker.doLogMetrics({ step, metrics, timeMs }));
    },
    async finish(status) {
      enqueue((tracker) => tracker.doFinish({ status }));
      await Promise.all(queues);
    },
  };
}
