export { createScriptedPolicy, type ScriptedPolicy, type ScriptedPolicyOptions } from './create-scripted-policy';
export { createScriptedTagger } from './create-scripted-tagger';
export {
  createScriptedUserSimulator,
  type ScriptedSimulatorCall,
  type ScriptedUserSimulator,
  type ScriptedUserSimulatorOptions,
  type ScriptedUserTurn,
} from './create-scripted-user-simulator';
export { createFirstWordRewardUser, runGroupedEpisodes } from './first-word-reward';
export { createTestProfile, SCRIPTED_SETTINGS } from './scripted-settings';
export { sleepWithSignal } from './sleep-with-signal';
