export { createTemplatePolicy, type TemplatePolicyOptions } from './baselines/create-template-policy';
export { extractGrounding, type Grounding } from './baselines/extract-grounding';
export { REPLY_TEMPLATES, type ReplyTemplate } from './baselines/reply-templates';
export { buildTrajectory, inferPresetName } from './build-trajectory';
export { type CallWithTimeoutOptions, callWithTimeout } from './call-with-timeout';
export { defaultSystemPrompt } from './default-system-prompt';
export { createDialogueEnv } from './dialogue-env';
export type {
  DialogueEnv,
  DialogueEnvOptions,
  LengthBudget,
  ResetOptions,
  RewardShaping,
  StepOptions,
  StepResult,
} from './dialogue-env-options';
export type { EpisodeState } from './episode-state';
export { CallTimeoutError, EpisodeAbortedError, PolicyOutputError } from './errors/index';
export { estimateTokenCount } from './estimate-token-count';
export { createTerminalPolicy, type TerminalPolicy, type TerminalPolicyOptions } from './human/create-terminal-policy';
export { formatChatOpening, formatChatTurn } from './human/format-chat-events';
export { type RunHumanChatOptions, runHumanChat } from './human/run-human-chat';
export { createPolicyBatcher, type PolicyBatcher, type PolicyBatcherOptions } from './rollouts/create-policy-batcher';
export { expandEpisodeSpecs } from './rollouts/expand-episode-specs';
export { type RunGroupOptions, runGroup } from './rollouts/run-group';
export { type EpisodeSpec, type RolloutResult, type RunRolloutsOptions, runRollouts } from './rollouts/run-rollouts';
export {
  type ActPolicy,
  actOneByOne,
  assertCandidateBranching,
  type RunEpisodeOptions,
  runEpisode,
} from './run-episode';
export { evaluateStopReason, isTruncation, STOP_PREDICATES, type TurnOutcome } from './stop-predicates';
export {
  type SageRecordToTrajectoryOptions,
  sageRecordToProfile,
  sageRecordToTrajectory,
} from './trajectory/sage-record-to-trajectory';
export {
  lastEmotionPoint,
  type SageEmotionState,
  type SageResultRecord,
  sageEmotionStateSchema,
  sageResultRecordSchema,
} from './trajectory/sage-result-record';
export {
  appendSageRecord,
  appendTrajectory,
  readCompleteTrajectories,
  readSageResultFile,
  readTrajectories,
} from './trajectory/trajectory-jsonl';
export { type TrajectoryToSageRecordOptions, trajectoryToSageRecord } from './trajectory/trajectory-to-sage-record';
