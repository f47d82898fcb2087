export {
  type GenerateScenarioOptions,
  type GenerateScenariosOptions,
  generateScenario,
  generateScenarios,
  hiddenThemeTail,
  pickIntention,
  pickPersonality,
  TOPICS,
  type TopicTemplate,
} from './generator/index';
export {
  findProfile,
  type LoadedProfiles,
  type LoadProfilesOptions,
  loadProfiles,
  parseProfiles,
} from './load-profiles';
export { loadScenarioSet, type ScenarioSplit, scenarioSetPath, simulatorPackageRoot } from './scenario-set';
