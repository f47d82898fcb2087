export { buildTrainingComponents, type TrainingWiring } from './build-training-components';
export { runTrainApp } from './run-train-app';
export { TRAIN_COMMAND } from './train-command-spec';
