export { assignGroupAdvantages, type SampleAdvantages } from './assign-group-advantages';
export {
  computeGroupAdvantages,
  findUniformGroups,
  type GroupStatistics,
  groupMeanAndStd,
  type ScaleRewards,
} from './compute-group-advantages';
export { type CreateGRPOAlgorithmOptions, createGRPOAlgorithm, type GRPOAlgorithm } from './create-grpo-algorithm';
export { grpoAlgorithm } from './grpo-algorithm';
export {
  type GRPOConfig,
  type GRPOConfigInput,
  grpoBlockSchema,
  grpoConfigSchema,
  type ResolvedGRPOConfig,
  resolveGRPOConfig,
} from './grpo-config';
export { type GRPOTrainer, groupSizeWarning, trainGRPOStep } from './train-grpo';
