export {
  type BuildTrainingSummaryOptions,
  benchmarkScore,
  buildTrainingSummary,
  trainingStepSpans,
} from './build-training-summary';
export { lastPerStep, seriesOf } from './metrics-lines';
export { renderTrainingReport, type TrainingReportOptions } from './render-training-report';
export { DEGENERATE_RISE_THRESHOLD, type MonitorComparison, rewardHackingWarnings } from './reward-hacking-warnings';
export { type BenchmarkScore, type StepSpan, type TrainingSummary, trainingSummarySchema } from './training-summary';
