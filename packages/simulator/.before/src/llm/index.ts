export * from '../profile-builder/index';
export { buildAnalysisPrompt, buildReplyPrompt, type PromptOptions, type ReplyFeedback } from './build-prompts';
export { completeWithResampling, type StageResult } from './complete-with-resampling';
export { type CreateLlmSimulatorOptions, createLlmSimulator } from './create-llm-simulator';
export { dataFences, fenceData, type HistorySpeakers, neutraliseData, renderHistory } from './data-block';
export {
  type LlmSimulatorConfig,
  llmSimulatorConfigSchema,
  type ResolvedLlmSimulatorConfig,
  resolveLlmSimulatorConfig,
} from './llm-simulator-config';
export {
  type DeltaRule,
  extractDelta,
  type ParseAnalysisOptions,
  type ParsedAnalysis,
  type ParseMode,
  parseAnalysis,
  structuredAnalysisJsonSchema,
} from './parse-analysis';
export { type ParsedReply, parseReply } from './parse-reply';
export type { ParseOutcome } from './parse-text';
export {
  ANALYSIS_LABELS,
  type AnalysisTexts,
  type Difficulty,
  type GoalMode,
  type PromptPack,
  type PromptVariant,
  REPLY_LABELS,
  type ReplyTexts,
} from './prompt-pack';
export { EN_PROMPT_PACK } from './prompt-pack-en';
export { ZH_PROMPT_PACK } from './prompt-pack-zh';
export { getPromptPack, PROMPT_PACKS } from './prompt-packs';
