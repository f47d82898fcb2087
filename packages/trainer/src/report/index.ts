export {
  type BuildTrainingSummaryOptions,
  benchmarkScore,
  buildTrainingSummary,
  trainingStepSpans,
} from './build-training-summary';
export { intentionLookup } from './intention-lookup';
export { lastPerStep, seriesOf } from './metrics-lines';
export { renderTrainingReport, type TrainingReportOptions } from './render-training-report';
export {
  DEGENERATE_RISE_THRESHOLD,
  DISTINCT_FALL_THRESHOLD,
  type MonitorComparison,
  modeCollapseWarnings,
  rewardHackingWarnings,
  TOP_OPENING_RISE_THRESHOLD,
} from './reward-hacking-warnings';
export {
  computeStrategyShift,
  type DialogueExample,
  describeStrategyShift,
  SHIFT_THRESHOLD,
  type StrategyShift,
  type StrategyShiftOptions,
  strategyShiftSchema,
} from './strategy-shift';
export {
  describeThinkSummary,
  pooledThinkDependence,
  type ThinkDependence,
  type ThinkSummary,
  thinkDependenceSchema,
  thinkFormatShare,
  thinkSummarySchema,
} from './think-summary';
export { type BenchmarkScore, type StepSpan, type TrainingSummary, trainingSummarySchema } from './training-summary';
