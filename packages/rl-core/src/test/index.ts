export { buildTrajectory, type SyntheticTurn } from './build-trajectory';
export {
  createTinyLanguageModel,
  type TinyLanguageModel,
  type TinyLanguageModelOptions,
} from './create-tiny-language-model';
export { banditFirstPrompt, banditTokens, preferredTokenProbability, runBanditEpisodes } from './run-bandit-episodes';
