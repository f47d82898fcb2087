export { renderTrainingReport, type TrainingReportOptions } from './render-training-report';
export { type BenchmarkScore, type TrainingSummary, trainingSummarySchema } from './training-summary';
