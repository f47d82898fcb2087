import { z } from 'zod';
import { emotionBandSchema, stopReasonSchema } from './emotion';
import { languageSchema } from './language';
import { runIdentitySchema } from './run-identity';
import { strategyLabelSchema } from './strategy-tagger-v1';
import { simulatorMessageSchema } from './user-simulator-v1';

/** Tokens of one policy turn (trainable policies only): exactly what was generated. */
export const turnTokensSchema = z.object({
  promptIds: z.array(z.number().int()),
  outputIds: z.array(z.number().int()),
  logProbs: z.array(z.number()),
});

/** Fields of one policy turn and the simulated user's answer to it. */
const turnFields = {
  /** 1-based policy turn. */
  index: z.number().int().positive(),
  /** Raw policy output, `<think>` included. */
  rawOutput: z.string(),
  /** Visible reply: what the simulator and later policy context see. */
  reply: z.string(),
  /** Text inside `<think>…</think>`, or null. */
  think: z.string().nullable(),
  /** The user's answer; null when the reply was not judged (unscored final reply, or an error). */
  userMessage: z.string().nullable(),
  /** Emotion after judging this reply (unchanged when not judged). */
  emotion: z.number(),
  delta: z.number(),
  band: emotionBandSchema,
  /** The simulated user's reasoning about this reply. */
  innerThoughts: z.string(),
  strategyLabels: z.array(strategyLabelSchema),
  /** Whether the simulator judged this reply. */
  scored: z.boolean(),
  promptTokenCount: z.number().int().nonnegative(),
  outputTokenCount: z.number().int().nonnegative(),
  policyLatencyMs: z.number().nonnegative(),
  simulatorLatencyMs: z.number().nonnegative(),
  simulatorCalls: z.number().int().nonnegative(),
  tokens: turnTokensSchema.optional(),
};

/**
 * A reply sampled for the same context as a turn and judged from the same user state (a clone), which did not
 * continue the dialogue (branching rollouts: a turn-level group for training).
 */
export const trajectoryAlternativeTurnSchema = z.object(turnFields);
export type TrajectoryAlternativeTurn = z.infer<typeof trajectoryAlternativeTurnSchema>;

/** One policy turn and the simulated user's answer to it. */
export const trajectoryTurnSchema = z.object({
  ...turnFields,
  /** Branching rollouts: the other replies sampled for this turn's context, each judged from the same state. */
  alternatives: z.array(trajectoryAlternativeTurnSchema).optional(),
});
export type TrajectoryTurn = z.infer<typeof trajectoryTurnSchema>;

/** One dialogue episode (JSONL line in rollout and benchmark files). */
export const trajectorySchema = z.object({
  schemaVersion: z.literal(1),
  episodeId: z.string(),
  profileId: z.string(),
  lang: languageSchema,
  seed: z.number().int(),
  /** GRPO group (profile + opener + simulator state shared); absent for single rollouts. */
  groupId: z.string().optional(),
  /** Repeat index in `--repeats k` benchmark runs. */
  repeat: z.number().int().nonnegative().optional(),
  preset: z.string(),
  policyId: z.string(),
  simulatorId: z.string(),
  systemPrompt: z.string(),
  opening: z.object({ message: z.string(), emotion: z.number() }),
  turns: z.array(trajectoryTurnSchema),
  finalEmotion: z.number(),
  /**
   * The dialogue's reward, written once by the run's rubric (`@rlver/reward`): the paper's `max(finalEmotion / 100, 0)`
   * (spec §5.1) in benchmarks; in training, the training rubric's (reward floor, empty-reply rule).
   */
  reward: z.number(),
  /** How step rewards were given: `terminal` (default, spec §5.1) or `per-turn` (Δ / 100 after each judged reply). */
  rewardShaping: z.enum(['terminal', 'per-turn']).optional(),
  stopReason: stopReasonSchema,
  /** True when stopped by a cap (max_turns, length_budget), not by the user. */
  truncated: z.boolean(),
  error: z.object({ name: z.string(), message: z.string() }).optional(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  /** The simulator's own view of the dialogue (analyses, emotion points), for export to the reference format. */
  simulatorHistory: z.array(simulatorMessageSchema).optional(),
  /** Benchmark results: the identity of the run that wrote the line (resumes must match it). */
  identity: runIdentitySchema.optional(),
});
export type Trajectory = z.infer<typeof trajectorySchema>;
