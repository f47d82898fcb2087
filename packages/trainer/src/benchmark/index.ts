export {
  type BackgroundBenchmarkBuilders,
  type BackgroundBenchmarkOutcome,
  type BackgroundBenchmarkProcess,
  type BackgroundBenchmarkRequest,
  runBenchmarkInBackground,
  serveBackgroundBenchmark,
} from './background-benchmark';
export {
  type BeforeAfterBenchmark,
  type BeforeAfterBenchmarkOptions,
  startBeforeAfterBenchmark,
} from './before-after-benchmark';
export { type HeldOutParts, heldOutBenchmarkOptions } from './held-out-benchmark-options';
