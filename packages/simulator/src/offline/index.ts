// Read by the bench analysis scripts (other-dialogue-specifics.ts): the background pool's document frequencies and
// the zh content units the judge's story-fit signals count.
export { backgroundFrequency } from './dialogue-relevance';
export { foldPersonForUnits } from './foreign-story';
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
export { contentUnits } from './tone-signals';
