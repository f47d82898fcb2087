export {
  type CreateRubricOptions,
  createRubric,
  createRubricBatch,
  type DialogueScore,
  POINTS_PER_REWARD,
  type Rubric,
  termKey,
} from './create-rubric';
export { placeSampleReward } from './place-sample-reward';
export { edgeSteps, type ReplyMonitorSummary, summarizeReplyMonitors } from './reply-monitors';
export type { RewardDialogue, RewardTerm, RewardTurn, RubricBatch } from './reward-term';
export {
  createRlverRubric,
  PAPER_RUBRIC,
  REPLY_MONITOR_TERMS,
  type RlverRubricOptions,
  terminalReward,
} from './rlver-rubric';
