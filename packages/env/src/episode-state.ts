import type { ChatMessage, EmotionBand, Language, SimulatorState, StopReason, TrajectoryTurn } from '@rlver/spec';

/**
 * Everything one episode is: plain, serialisable data. The environment keeps no per-episode state, so
 * many episodes run concurrently on one `DialogueEnv`, and a GRPO group is `structuredClone` of one state.
 */
export interface EpisodeState {
  episodeId: string;
  profileId: string;
  seed: number;
  /** GRPO group id (members share the profile, the opener and the simulator state after the opener). */
  groupId: string | undefined;
  /** Repeat index of `--repeats k` benchmark runs. */
  repeat: number | undefined;
  lang: Language;
  /** Preset name recorded in the trajectory (`sage`, `rlver-train` or `custom`). */
  preset: string;
  policyId: string;
  simulatorId: string;
  systemPrompt: string;
  /** The simulator's own state; only the simulator reads it. */
  simulator: SimulatorState;
  /** The policy's context: `[system, user, assistant, …]`, visible text only. */
  messages: ChatMessage[];
  opening: { message: string; emotion: number };
  /** Current score and band. */
  emotion: number;
  band: EmotionBand;
  turns: TrajectoryTurn[];
  done: boolean;
  stopReason: StopReason | undefined;
  error: { name: string; message: string } | undefined;
  /** ISO time of `reset`, and the same instant in epoch milliseconds (for `durationMs`). */
  startedAt: string;
  startedAtMs: number;
  /** Set when the episode ended. */
  endedAtMs: number | undefined;
}
