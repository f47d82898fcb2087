export { buildGaeMask, computeGae } from './compute-gae';
export { computePPOAdvantages } from './compute-ppo-advantages';
export { computePPORows, type PPORow, summarizePPORows, whitenMaskedRows } from './compute-ppo-rows';
export { computeTokenRewards } from './compute-token-rewards';
export {
  type CreatePPOAlgorithmOptions,
  createPPOAlgorithm,
  type PPOAlgorithm,
} from './create-ppo-algorithm';
export { type CriticFit, createCriticFit } from './fit-critic';
export { ppoAlgorithm } from './ppo-algorithm';
export {
  type PPOConfig,
  type PPOConfigInput,
  ppoBlockSchema,
  ppoConfigSchema,
  type ResolvedPPOConfig,
  resolvePPOConfig,
} from './ppo-config';
export {
  type CriticRow,
  computeValueFeatures,
  computeValueLoss,
  createCriticLoss,
  explainedVariance,
} from './ppo-loss';
export { type PPOTrainer, trainPPOStep } from './train-ppo';
