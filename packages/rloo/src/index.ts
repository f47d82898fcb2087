export { assignLeaveOneOutAdvantages } from './assign-leave-one-out-advantages';
export { computeLeaveOneOutAdvantages } from './compute-leave-one-out-advantages';
export { type CreateRLOOAlgorithmOptions, createRLOOAlgorithm, type RLOOAlgorithm } from './create-rloo-algorithm';
export { rlooAlgorithm } from './rloo-algorithm';
export {
  type ResolvedRLOOConfig,
  type RLOOConfig,
  type RLOOConfigInput,
  resolveRLOOConfig,
  rlooBlockSchema,
  rlooConfigSchema,
} from './rloo-config';
export { type RLOOTrainer, trainRLOOStep } from './train-rloo';
