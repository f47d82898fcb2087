export { hiddenThemeTail } from './compose-scene';
export {
  type GenerateScenarioOptions,
  type GenerateScenariosOptions,
  generateScenario,
  generateScenarios,
  pickIntention,
  pickPersonality,
} from './generate-scenario';
export type { TopicTemplate } from './topic-template';
export { TOPICS } from './topics';
