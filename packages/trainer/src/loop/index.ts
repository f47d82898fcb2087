export {
  profilesForStep,
  runTraining,
  TooManyFailedEpisodesError,
  type TrainingComponents,
  TrainingDivergedError,
  type TrainingOutcome,
  trainingReward,
} from './run-training';
export { repeatsOwnNgram } from './self-repetition';
export {
  checkpointFolderName,
  readCheckpointState,
  saveCheckpoint,
  type TrainingState,
  trainingStateSchema,
} from './training-state';
export { computeTrainingStepMetrics } from './training-step-metrics';
export { splitIntoTurnReturns } from './turn-level-credit';
