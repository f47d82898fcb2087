export { type CreateRunTrackerOptions, createRunTracker, type RunTracker } from './create-run-tracker';
export type { ExperimentTrackerV1, TrackedRunStatus } from './experiment-tracker-v1';
export { flattenConfig } from './flatten-config';
export {
  createMLflowTracker,
  type MLflowTrackerOptions,
  resolveMLflowTrackingUri,
} from './mlflow/create-mlflow-tracker';
export { parseReportTo, REPORT_TO_BACKENDS, type ReportToBackend } from './parse-report-to';
export { crc32c, maskedCrc32c } from './tensorboard/crc32c';
export { createTensorBoardTracker, type TensorBoardTrackerOptions } from './tensorboard/create-tensorboard-tracker';
export { TrackingError } from './tracking-error';
export { createWandbTracker, type WandbTrackerOptions } from './wandb/create-wandb-tracker';
