export { type RoleEndpointConfig, roleEndpointConfigSchema, trainEndpointsConfigSchema } from './endpoints-config';
export { type FormatResolvedConfigOptions, formatResolvedConfig } from './format-resolved-config';
export { LORA_TARGET_MODULES, type LoraTrainConfig, loraTrainConfigSchema } from './lora-train-config';
export {
  defaultRunId,
  type ResolveTrainConfigOptions,
  readConfigFile,
  resolveTrainConfig,
} from './resolve-train-config';
export {
  systemPromptFor,
  type TrainConfig,
  type TrainConfigInput,
  trainConfigSchema,
  trainSamplingSchema,
} from './train-config';
export { TRAIN_PRESETS } from './train-presets';
