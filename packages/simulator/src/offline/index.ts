export { JUDGE_WEIGHTS, LENGTH_LIMITS } from './judge-weights';
export { type JudgeInput, type JudgeReason, type Judgement, judgeReply } from './judge-reply';
export {
  createOfflineSimulator,
  type OfflineReplyTagger,
  type OfflineSimulatorOptions,
  quantizeScore,
} from './offline-simulator';
export { type OfflineSimulatorConfig, offlineSimulatorConfigSchema } from './offline-simulator-config';
export { buildStoryIndex, type StoryIndex } from './story-index';
export { detectGarbled, isLanguageMismatch } from './text-signals';
export { averageRanks, kendallTau, spearmanRho } from './rank-correlation';
export {
  applySageDeltas,
  profileOfTranscript,
  type ReplayDialogue,
  type ReplayFileResult,
  type ReplayOptions,
  type ReplayTurn,
  recordedChange,
  replayTranscriptFile,
  replayTranscriptRecord,
  type TranscriptRecord,
  transcriptRecordSchema,
} from './replay-transcript';
