import type { Rubric } from '@rlver/reward';
import type {
  ChatMessage,
  EmotionSettings,
  Language,
  PolicyOutput,
  Profile,
  StopReason,
  StrategyTaggerV1,
  Trajectory,
  TrajectoryTurn,
  UserSimulatorV1,
} from '@rlver/spec';
import type { EpisodeState } from './episode-state';

/**
 * When step rewards are given: `terminal`, the rubric's dialogue reward at the end (the paper's `max(final / 100, 0)`,
 * spec §5.1); `per-turn`, the rubric's turn credit after each reply (Δ / 100 under the paper's rubric).
 */
export type RewardShaping = 'terminal' | 'per-turn';

/** Stop an episode when the policy's next prompt would exceed `maxPromptTokens` (stop reason `length_budget`). */
export interface LengthBudget {
  /** Most prompt tokens the policy may be given. */
  maxPromptTokens: number;
  /** Token count of a prompt; default `estimateTokenCount` (pass the policy tokenizer's count for parity). */
  countTokens?: (messages: readonly ChatMessage[]) => number;
}

/** Settings of a `DialogueEnv`, shared by every episode it runs. */
export interface DialogueEnvOptions {
  /** The simulated user. Its `settings` fix the turn cap and whether the final reply is judged. */
  simulator: UserSimulatorV1;
  /** Policy system prompt, or a function of the dialogue language. Default `defaultSystemPrompt(lang, thinking)`. */
  systemPrompt?: string | ((lang: Language) => string);
  /** Use the think-then-say system prompt by default. Default false. */
  thinking?: boolean;
  /** Labels each visible reply (`turn.strategyLabels`). A tagger failure leaves the labels empty. */
  tagger?: StrategyTaggerV1;
  /** Default `terminal`. */
  rewardShaping?: RewardShaping;
  /**
   * The reward (`@rlver/reward`): writes `trajectory.reward` and the step rewards. Default `PAPER_RUBRIC`,
   * `max(final / 100, 0)`; training passes its own (reward floor, empty-reply rule).
   */
  rubric?: Rubric;
  /** Optional prompt-length cap (stop reason `length_budget`). */
  lengthBudget?: LengthBudget;
  /** Preset name recorded in trajectories; default inferred from the simulator settings (`sage`, `rlver-train`, `custom`). */
  preset?: string;
  /** Per-call limit of simulator calls in milliseconds; default none. */
  simulatorTimeoutMs?: number;
  /** Extra attempts after a retryable simulator failure (timeouts, `isRetryable` errors). Default 1. */
  maxRetries?: number;
  /** Clock in epoch milliseconds (tests). Default `Date.now`. */
  now?: () => number;
}

export interface ResetOptions {
  profile: Profile;
  /** Seed of the simulator's random choices for this dialogue. */
  seed: number;
  /** Default `<profileId>#<seed>` (plus `~r<repeat>`). */
  episodeId?: string;
  groupId?: string;
  repeat?: number;
  /** Recorded in the trajectory; default `unknown`. */
  policyId?: string;
  signal?: AbortSignal;
}

export interface StepOptions {
  signal?: AbortSignal;
  /** Policy wall time, when the output does not carry it. */
  policyLatencyMs?: number;
}

/** Result of one `step`: the simulated user's answer to one policy reply. */
export interface StepResult {
  state: EpisodeState;
  /** The policy's next context (`[system, user, assistant, …]`, visible text only). */
  observation: ChatMessage[];
  /** The user's answer; null when the reply was not judged. */
  userMessage: string | null;
  emotion: number;
  delta: number;
  innerThoughts: string;
  done: boolean;
  stopReason: StopReason | undefined;
  /** Step reward under the env's `rewardShaping`. */
  reward: number;
  /** The recorded turn; undefined when no reply was produced (policy failure, abort). */
  turn: TrajectoryTurn | undefined;
  /** Set when the tagger failed on this reply (the labels are then empty). */
  taggerError?: string;
}

/**
 * Gym-shaped dialogue environment. Holds settings only: every method takes and returns an `EpisodeState`,
 * never mutating its input, so episodes run concurrently and groups are clones.
 */
export interface DialogueEnv {
  readonly settings: EmotionSettings;
  readonly rewardShaping: RewardShaping;
  readonly rubric: Rubric;
  readonly simulatorId: string;
  /** Start a dialogue: the user's opening message. A simulator failure returns a finished state (`error`). */
  reset(options: ResetOptions): Promise<EpisodeState>;
  /** The policy's context for its next reply. */
  observe(state: EpisodeState): ChatMessage[];
  /** Feed one raw policy output (`<think>` included); the simulator judges the visible reply. */
  step(state: EpisodeState, output: string | PolicyOutput, options?: StepOptions): Promise<StepResult>;
  /** End the episode with a policy failure (`stopReason: 'error'`). */
  fail(state: EpisodeState, error: unknown): StepResult;
  /** End the episode because the run was aborted (`stopReason: 'interrupted'`). */
  interrupt(state: EpisodeState): StepResult;
  /** A GRPO group: one `doStart`, then `size` clones sharing the opener and simulator state (no extra calls). */
  startGroup(options: ResetOptions & { size: number }): Promise<EpisodeState[]>;
  /** A clone of a state as a new episode (structuredClone; no simulator call). */
  fork(state: EpisodeState, episodeId: string): EpisodeState;
  /** The trajectory record of a finished (or interrupted) episode. */
  toTrajectory(state: EpisodeState): Trajectory;
}
