export { ALGORITHMS, type AlgorithmId, findAlgorithm } from './algorithm-registry';
export { algorithmRunFields } from './algorithm-run-fields';
export { type RoleEndpointConfig, roleEndpointConfigSchema, trainEndpointsConfigSchema } from './endpoints-config';
export { type FormatResolvedConfigOptions, formatResolvedConfig } from './format-resolved-config';
export { findLegacyField } from './legacy-config-fields';
export { LORA_TARGET_MODULES, type LoraTrainConfig, loraTrainConfigSchema } from './lora-train-config';
export {
  type ConfigSource,
  defaultRunId,
  describeFieldSource,
  type ResolveTrainConfigOptions,
  readConfigFile,
  resolveTrainConfig,
} from './resolve-train-config';
export {
  systemPromptFor,
  type TrainConfig,
  type TrainConfigInput,
  trainConfigSchema,
  trainConfigShape,
  trainSamplingSchema,
} from './train-config';
export { TRAIN_FLAG_ALIASES, trainFlags, trainHelpSections } from './train-flags';
export { DEFAULT_TRAIN_PRESET, defaultPresetFor, TRAIN_PRESETS, type TrainPreset } from './train-presets';
