export { buildTrajectory, type SyntheticTurn } from './build-trajectory';
export { createTinyDialoguePolicy, createTinyTokenizer, type TinyDialoguePolicy } from './create-tiny-dialogue-policy';
export {
  createTinyLanguageModel,
  type SamplingModel,
  type TinyLanguageModel,
  type TinyLanguageModelOptions,
  withNextTokenLogProbs,
} from './create-tiny-language-model';
export { trainUninterruptedAndResumed } from './resume-comparison';
export {
  banditFirstPrompt,
  banditTokens,
  banditTransformerConfig,
  preferredTokenProbability,
  runBanditEpisodes,
} from './run-bandit-episodes';
export { type BanditTrainingRun, trainOnBandit } from './train-on-bandit';
