export { hiddenThemeTail } from './compose-scene';
export {
  type GenerateScenarioOptions,
  type GenerateScenariosOptions,
  generateScenario,
  generateScenarios,
  pickIntention,
  pickPersonality,
} from './generate-scenario';
export { TOPICS } from './topics';
export type { TopicTemplate } from './topic-template';
