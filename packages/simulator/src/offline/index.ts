export { judgeInputOfState } from './judge-input-of-state';
export { type JudgeInput, type Judgement, type JudgeReason, judgeReply } from './judge-reply';
export { JUDGE_WEIGHTS, LENGTH_LIMITS } from './judge-weights';
export {
  coarseChange,
  createOfflineSimulator,
  fineChange,
  type OfflineReplyTagger,
  type OfflineSimulatorOptions,
  quantizeScore,
} from './offline-simulator';
export { type OfflineSimulatorConfig, offlineSimulatorConfigSchema } from './offline-simulator-config';
export { type OfflineMemory, readOfflineMemory } from './offline-state';
export {
  applySageDeltas,
  type JudgedReplayTurn,
  profileOfTranscript,
  type ReplayDialogue,
  type ReplayFileResult,
  type ReplayOptions,
  type ReplayTurn,
  recordedChange,
  recordedStateAt,
  replayTranscriptFile,
  replayTranscriptRecord,
  type TranscriptRecord,
  transcriptRecordSchema,
} from './replay-transcript';
export { buildStoryIndex, type StoryIndex } from './story-index';
export { detectGarbled, isLanguageMismatch } from './text-signals';
