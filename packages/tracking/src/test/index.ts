export { type RecordedMLflowRequest, startMLflowTestServer } from './mlflow-test-server';
export { type DecodedEvent, readEventFile, readTensorBoardScalars } from './read-tensorboard-events';
export { type DecodedWandbRecord, readWandbLog } from './read-wandb-run';
