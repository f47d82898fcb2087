export { buildTrainingComponents, type TrainingWiring } from './build-training-components';
export { runTrainApp } from './run-train-app';
export { formatTrainHelp, TRAIN_COMMAND_FLAGS } from './train-help';
