export {
  computeEscShares,
  ESC_STAGE,
  ESC_STRATEGIES,
  type EscShares,
  type EscStage,
  type EscStrategy,
  LABEL_TO_ESC,
} from './analytics/esc-shares';
export {
  computeLabelDistribution,
  computeStrategyShift,
  type LabelDistribution,
  type StrategyShift,
} from './analytics/label-distribution';
export {
  type DialogueInput,
  type LabelledDialogue,
  type TagFunction,
  toLabelledDialogues,
} from './analytics/labelled-dialogue';
export { computeStrategyEntropy } from './analytics/strategy-entropy';
export { computeStrategyMetrics } from './analytics/strategy-metrics';
export {
  computeStrategySequences,
  computeSuggestionBeforeExplorationRate,
  formatTurnStrategies,
} from './analytics/strategy-sequences';
export { createStrategyTagger } from './create-strategy-tagger';
export {
  type LabelledReply,
  type LabelledReplyRecord,
  labelledReplySchema,
  resolveLabelledReplies,
  type SplitRule,
} from './evaluation/labelled-reply';
export {
  computeMultiLabelScores,
  type LabelScore,
  type MultiLabelScores,
} from './evaluation/multi-label-scores';
export { INTENTION_STRATEGIES, type IntentionStrategies } from './intention-strategies';
export { LABEL_DEFINITIONS, type LabelDefinition } from './label-definitions';
export { createLlmTagger, type LlmTagger, type LlmTaggerOptions } from './llm-tagger/llm-tagger';
export { buildLlmTaggerMessages, llmTaggerOutputSchema } from './llm-tagger/llm-tagger-prompt';
export { createRuleTagger, type RuleTagger, tagWithRules } from './rule-tagger/rule-tagger';
export { parseTaggerFlag, type StrategyTaggerConfig, strategyTaggerConfigSchema } from './strategy-tagger-config';
export { type TagJsonlOptions, type TagJsonlSummary, tagInputLineSchema, tagJsonl } from './tag-jsonl';
