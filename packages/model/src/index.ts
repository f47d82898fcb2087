export {
  type AttentionPass,
  attentionPassBytes,
  backendMemoryBytes,
  checkAttentionBudget,
  WASM_HEAP_BYTES,
} from './attention-budget';
export {
  CHECKPOINT_LAYERS_FROM,
  LEXICON_FILE,
  type LoadTransformerModelOptions,
  loadOptimizerState,
  loadTransformerModel,
  readCheckpointTensors,
  type SaveCheckpointOptions,
  saveCheckpoint,
  VALUE_HEAD_FILE,
} from './checkpoint';
export {
  COPY_GATE_INITIAL_BIAS,
  COPY_HEAD_TENSORS,
  type CopyContext,
  type CopyHeadWeights,
  copyAttention,
  copyMixtureLogProbs,
  copyMixtureTargetLogProbs,
  fullSequenceCopyContext,
} from './copy-head';
export { type GenerateOptions, type GenerationResult, generate } from './generate';
export { modelConfigFromHF, modelConfigToHF, SUPPORTED_MODEL_TYPES } from './hf-model-config';
export {
  DialogueLexicon,
  LEXICON_START,
  LexiconRule,
  type LexiconState,
  lexiconEntriesOf,
  lexiconWordsOf,
} from './lexicon-rule';
export {
  applyRulesToNextLogits,
  type CreateLogitsRulesOptions,
  decodingRulesFromGenerationConfig,
  LogitsRules,
  type LogitsRulesConfig,
  logitsRulesActive,
  NO_LOGITS_RULES,
  type PositionRule,
  RULE_MASK_VALUE,
  type RuleLanguage,
  ruleMaskForPositions,
  stepRuleState,
  tokenBytesFromTokenizerJson,
  tokenScript,
} from './logits-rules';
export {
  type LoraAdapter,
  type LoraConfig,
  type LoraConfigInput,
  type LoraState,
  type LoraTarget,
  loraConfigSchema,
  loraTargetSchema,
} from './lora';
export { linear, matMul, plainMatMul } from './mat-mul';
export {
  type ModelType,
  modelTypeSchema,
  type RopeScaling,
  resolveTransformerConfig,
  ropeScalingSchema,
  type TransformerConfig,
  type TransformerConfigInput,
  transformerConfigSchema,
} from './model-config';
export { patchWasmKernels } from './patch-wasm-kernels';
export {
  fillTemplate,
  PHRASEBOOK_FILE,
  PHRASEBOOK_SLOTS,
  type Phrasebook,
  type PhrasebookCandidate,
  type PhrasebookCandidateOptions,
  type PhrasebookTemplate,
  parsePhrasebook,
  phrasebookCandidates,
  templateUsable,
} from './phrasebook';
export {
  DialoguePhrases,
  PHRASEBOOK_START,
  PhrasebookRule,
  type PhrasebookState,
} from './phrasebook-rule';
export {
  contentPieces,
  DEFAULT_FEELING,
  enNounPhrases,
  type GroundedSlots,
  groundedSlotOptions,
  namedPerson,
  pickFragment,
  shortThing,
  slotFillingFlaw,
  zhFragments,
} from './phrasebook-slots';
export {
  type ApplyChatTemplateOptions,
  type CreatePolicyTokenizerOptions,
  createPolicyTokenizer,
  loadPolicyTokenizer,
  type PolicyTokenizer,
  readJsonObject,
} from './policy-tokenizer';
export { type NamedFloatTensor, readSafetensors, type SafetensorsDtype, writeSafetensors } from './safetensors';
export { type SampledToken, sampleToken, type TokenSamplingOptions } from './sample-token';
export { type ScoreContinuationsOptions, scoreContinuations } from './score-continuations';
export {
  type RowScores,
  type ScoreSequencesMinibatchedOptions,
  scoreSequencesMinibatched,
} from './score-sequences-minibatched';
export { backendFromEnvironment, type InitTfBackendOptions, initTfBackend, type TfBackendName } from './tf-backend';
export { tokenLogProbsAndEntropy } from './token-log-probs';
export {
  checkTrainingMemory,
  estimateTrainingMemory,
  formatGiB,
  GUIDANCE_MODELS,
  type GuidanceRow,
  hardwareGuidance,
  type LoraShape,
  loraParameterCount,
  parameterCountOf,
  type TrainingMemoryEstimate,
} from './training-memory';
export type { LayerKeyValues } from './transformer-forward';
export { type CreateTransformerModelOptions, createTransformerModel, TransformerModel } from './transformer-model';
export {
  describeAdapter,
  isSoftwareAdapter,
  loadWebGpuBackend,
  type WebGpuAdapterInfo,
  type WebGpuAttempt,
  webGpuAdapter,
} from './webgpu-backend';
