import { z } from 'zod';
import { type EmotionBand, type EmotionSettings, emotionBandSchema } from './emotion';
import { type Language, languageSchema } from './language';
import { type Profile, profileSchema } from './profile';

/**
 * One message of the dialogue as the simulated user remembers it (reference format, spec §3.1):
 * `user` = the simulated user, `assistant` = the policy's visible reply.
 */
export const simulatorMessageSchema = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    /** Score after the update caused by the assistant reply this message answers (user messages only). */
    'emotion-point': z.number().optional(),
    /** Reply-stage reasoning of the simulated user. */
    thinking: z.string().optional(),
    /** Parsed analysis stage (activity, TargetCompletion/reason, content, analyse, change). */
    planning: z.record(z.string(), z.unknown()).optional(),
    /** Policy reasoning (`<think>`), stored but never shown to the simulator. */
    think: z.string().optional(),
  })
  .loose();
export type SimulatorMessage = z.infer<typeof simulatorMessageSchema>;

/** Full, serialisable state of one simulated user in one dialogue. Cloning = `structuredClone`. */
export const simulatorStateSchema = z.object({
  profile: profileSchema,
  lang: languageSchema,
  emotion: z.number(),
  band: emotionBandSchema,
  history: z.array(simulatorMessageSchema),
  /** Policy replies judged so far. */
  turn: z.number().int().nonnegative(),
  seed: z.number().int(),
  /** Implementation-specific serialisable data (RNG state, memory of earlier replies, …). */
  extra: z.record(z.string(), z.unknown()),
});
export interface SimulatorState {
  profile: Profile;
  lang: Language;
  emotion: number;
  band: EmotionBand;
  history: SimulatorMessage[];
  turn: number;
  seed: number;
  extra: Record<string, unknown>;
}

/** What the simulated user did in one turn. */
export interface SimulatorTurnResult {
  /** The new state (the input state is never mutated). */
  state: SimulatorState;
  /** The user's next message, in character. */
  message: string;
  /** Score after this turn's update. */
  emotion: number;
  /** Applied change (after clamps and cap). 0 for the opening turn. */
  delta: number;
  band: EmotionBand;
  /** Interpretable reasoning of the user about the reply ("inner thoughts"). */
  innerThoughts: string;
  /** Set when this turn ends the dialogue: the user said goodbye, or the score hit a threshold. */
  ended: 'goodbye' | 'ceiling' | 'floor' | undefined;
  /** LLM calls made for this turn (0 for offline simulators and recorded openers). */
  calls: number;
  /** Wall time of the turn in milliseconds. */
  latencyMs: number;
  /** Non-fatal notes (e.g. a parse needed a fallback). */
  warnings: string[];
}

export interface UserSimulatorStartOptions {
  profile: Profile;
  /** Seed for every random choice of this dialogue (common random numbers across a GRPO group). */
  seed: number;
  signal?: AbortSignal;
}

export interface UserSimulatorRespondOptions {
  state: SimulatorState;
  /** The policy's visible reply (reasoning already removed). Treated as quoted data, never as instructions. */
  reply: string;
  signal?: AbortSignal;
}

/**
 * Swap point: a simulated user ("sentient agent"). Stateless: all dialogue state lives in
 * `SimulatorState`, so many dialogues run concurrently on one instance and GRPO groups clone state
 * without LLM calls.
 */
export interface UserSimulatorV1 {
  readonly specificationVersion: 'v1';
  /** E.g. `offline`, `openai:deepseek-v3`. Recorded in trajectories. */
  readonly simulatorId: string;
  /** Emotion dynamics and termination rules in force. */
  readonly settings: EmotionSettings;
  /** Begin a dialogue: the user's opening message (recorded `first_talk` or generated). */
  doStart(options: UserSimulatorStartOptions): Promise<SimulatorTurnResult>;
  /** Judge the policy's reply, update the emotion, answer in character. */
  doRespond(options: UserSimulatorRespondOptions): Promise<SimulatorTurnResult>;
}
