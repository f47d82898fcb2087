export { describeEarlyStop } from './describe-early-stop';
export {
  profilesForStep,
  runTraining,
  TooManyFailedEpisodesError,
  type TrainingComponents,
  TrainingDivergedError,
  type TrainingOutcome,
  trainingRubric,
} from './run-training';
export { repeatsOwnNgram } from './self-repetition';
export { stepProgressFields } from './step-progress-fields';
export {
  checkpointFolderName,
  readCheckpointState,
  saveCheckpoint,
  type TrainingState,
  trainingStateSchema,
} from './training-state';
export { computeTrainingStepMetrics } from './training-step-metrics';
