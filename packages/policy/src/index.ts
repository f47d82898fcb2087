export { type ChatApiPolicyOptions, createChatApiPolicy } from './chat-api-policy';
export {
  createEmbeddedPolicy,
  embeddedModelDirectory,
  type LoadCheckpointPolicyOptions,
  loadCheckpointPolicy,
} from './checkpoint-policy';
export * from './choice-layer/index';
export {
  createPolicyLogitsRules,
  createTfjsDialoguePolicy,
  notDegenerate,
  requestSeed,
  type TfjsDialoguePolicy,
  type TfjsDialoguePolicyOptions,
} from './tfjs-dialogue-policy';
export {
  formatAssistantTurn,
  splitThinkReply,
  type ThinkSplit,
  thinkFormatOk,
} from './think-format';
