export {
  type ActorRow,
  type ActorStepRecord,
  computeAggregationNormalizer,
  createActorLoss,
  summarizeActorSteps,
} from './actor-loss';
export {
  type CreateCriticFreeAlgorithmOptions,
  type CreateSingleOptimizerAlgorithmOptions,
  type CriticFreeTrainer,
  createSingleOptimizerAlgorithm,
  type SingleOptimizerAlgorithm,
  type SingleOptimizerConfigFields,
} from './algorithm/create-single-optimizer-algorithm';
export {
  type CriticFreeStepConfig,
  criticFreeStepMetrics,
  type SampleAdvantageBatch,
  scheduleAndPack,
  updateOnSampleAdvantages,
} from './algorithm/critic-free-step';
export {
  buildPositionTensor,
  buildSequenceTensors,
  chunk,
  chunkSharingPrefixes,
  maxRowLength,
  padRows,
  sequenceWidth,
} from './batch-tensors';
export type {
  AlgorithmDescriptor,
  CreateAlgorithmOptions,
  TrainableAlgorithm,
} from './config/algorithm-descriptor';
export {
  type GroupBaselineConfig,
  type GroupBaselineConfigOptions,
  groupBaselineConfigSchemas,
  groupSizeField,
  klLossEstimatorField,
  refineMinimumGroupSize,
  resolveWithWarmupSteps,
} from './config/critic-free-config';
export {
  type AlgorithmRunFields,
  optimisationConfigShape,
  RENAMED_ALGORITHM_FIELDS,
  runConfigShape,
} from './config/optimisation-config';
export {
  findRenamedAlgorithmField,
  type PolicyLossConfigFields,
  parseAlgorithmConfig,
  refinePolicyLossConfig,
} from './config/parse-algorithm-config';
export {
  ChatTemplatePrefixError,
  MissingTokenRecordError,
  NonFiniteUpdateError,
} from './errors/index';
export { freezeReferencePolicy } from './freeze-reference-policy';
export { type AggregationNormalizer, aggregateLoss, type LossAggregation } from './losses/aggregate-loss';
export { type ClippedPolicyLossTerms, computeClippedPolicyLoss } from './losses/clipped-policy-loss';
export { createKlController, type KlController, type KlControllerSettings } from './losses/kl-controller';
export { estimateKl, estimateKlTensor, type KlEstimator } from './losses/kl-estimators';
export {
  computePolicyObjective,
  type PolicyObjective,
  type PolicyObjectiveInputs,
  type PolicyObjectiveSettings,
} from './losses/policy-objective';
export { maskedMean, maskedSum, maskedVariance, maskedWhiten } from './masked-stats';
export {
  createGuardedUpdater,
  type GradientOptimizer,
  type GuardedStepResult,
  type GuardedUpdater,
  type LossComputation,
} from './optim/guarded-update';
export {
  computeWarmupSteps,
  type LearningRateDecay,
  scheduledLearningRate,
  warmupLearningRate,
} from './optim/learning-rate-schedule';
export { iterateMinibatches, type Minibatch } from './optim/minibatches';
export {
  type ActorEpochsConfig,
  actorLossSettings,
  type RunActorEpochsOptions,
  runActorEpochs,
} from './optim/run-actor-epochs';
export { packPerTurn } from './packing/pack-per-turn';
export { packTrajectories } from './packing/pack-trajectories';
export { findPrefixMismatch, packWholeDialogue } from './packing/pack-whole-dialogue';
export type { PackedBatch, PackedDialogue, PackedSample, Packing } from './packing/packed-sample';
export { findUniformGroupSamples, findUniformGroups } from './packing/uniform-groups';
export { computeRolloutMetrics, meanLogProbDrift } from './rollout-metrics';
export { type FeatureChunk, type SampleScores, scoreSamples } from './score-samples';
export { loadOptimizerStateFile, saveOptimizerStateFile } from './state/optimizer-state-files';
export {
  loadSingleOptimizerState,
  type SingleOptimizerTrainer,
  saveSingleOptimizerState,
} from './state/single-optimizer-state';
export {
  assignVariableArrays,
  type NamedArray,
  readTensorFile,
  readVariableArrays,
  writeTensorFile,
} from './state/tensor-files';
