/** Status a tracked run ends with. */
export type TrackedRunStatus = 'finished' | 'failed' | 'interrupted';

/**
 * One experiment-tracking backend (TensorBoard, MLflow, …), shaped like the other swap points: a version tag and
 * three `do*` methods, each taking one options object. Implementations come from `create*Tracker` factories.
 * Callers go through `createRunTracker`, which orders the calls and turns a failure into one warning.
 */
export interface ExperimentTrackerV1 {
  readonly specificationVersion: 'v1';
  /** Backend name as written in `--report-to` (`tensorboard`, `mlflow`). */
  readonly backend: string;
  /** Where the run lands (a folder or a URL), printed once at the start of a run. */
  readonly location: string;
  /** Record the resolved config of the run (flattened to dotted keys; values as text). */
  doLogConfig(options: { config: Readonly<Record<string, unknown>> }): Promise<void>;
  /** Record the metrics of one step under their metrics.jsonl names (`rollout/emotion_final`, …). */
  doLogMetrics(options: {
    step: number;
    metrics: Readonly<Record<string, number>>;
    /** Milliseconds since the epoch (default: the tracker's clock). */
    timeMs?: number;
  }): Promise<void>;
  /** Close the run: flush, and tell the backend how it ended. */
  doFinish(options: { status: TrackedRunStatus }): Promise<void>;
}
