export { type BuildProfileWithLlmOptions, type BuiltProfile, buildProfileWithLlm } from './build-profile-with-llm';
export type { LlmProfilePersonality } from './personality-traits';
export {
  buildLlmPersonaPrompt,
  buildLlmScenePrompt,
  LLM_PROFILE_SEED_TALKS,
  LLM_PROFILE_SEED_TOPICS,
} from './profile-builder-prompts';
