import { endpointUsageSchema } from '@rlver/llm';
import { z } from 'zod';
import { strategyShiftSchema } from './strategy-shift';
import { thinkSummarySchema } from './think-summary';

/** Degenerate-text monitors of a set of replies (`@rlver/reward` `ReplyMonitorSummary`). */
const monitorsSchema = z.object({
  replies: z.number().int(),
  topOpening: z.string(),
  /** `monitor/*` keys, as in metrics.jsonl. */
  metrics: z.record(z.string(), z.number()),
});

const scoreSchema = z.object({
  /** Sentient score: mean final emotion, half-up 1 decimal (null when nothing counts). */
  score: z.number().nullable(),
  success: z.number().int(),
  failure: z.number().int(),
  /** Dialogues scored. */
  dialogues: z.number().int(),
  /** Dialogues excluded because they ended in `error`. */
  errors: z.number().int(),
  /** Share of replies carrying each strategy label. */
  strategies: z.record(z.string(), z.number()),
  /** Reply monitors of the benchmark's replies (absent in summaries written before they existed). */
  monitors: monitorsSchema.optional(),
});
export type BenchmarkScore = z.infer<typeof scoreSchema>;

/** Means over a span of training steps of the step metrics that judge a run's start and end. */
const stepSpanSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** Mean `rollout/reward_mean`: the dialogue reward the training rubric wrote. */
  rewardMean: z.number(),
  /** Mean `rollout/emotion_final`. */
  emotionFinal: z.number(),
  /** Mean of each `monitor/*` key over the span. */
  monitors: z.record(z.string(), z.number()),
});
export type StepSpan = z.infer<typeof stepSpanSchema>;

/** `runs/<run-id>/summary.json` (on-disk format). */
export const trainingSummarySchema = z.object({
  schemaVersion: z.literal(1),
  runId: z.string(),
  algo: z.string(),
  think: z.boolean(),
  seed: z.number().int(),
  steps: z.number().int(),
  backend: z.string(),
  wallSeconds: z.number(),
  before: scoreSchema.nullable(),
  after: scoreSchema.nullable(),
  /** after.score − before.score. */
  improvement: z.number().nullable(),
  /** The first and the last training steps (`edgeSteps`: a tenth of the run, 1 to 10 steps each); null without steps. */
  training: z.object({ first: stepSpanSchema, last: stepSpanSchema }).nullable().optional(),
  /**
   * Plain-words warnings, e.g. "the reward rose while replies degraded: likely reward hacking" with the figures,
   * when the degenerate fraction rose by more than 5 points (held-out benchmark after vs before, last vs first steps).
   */
  warnings: z.array(z.string()).default([]),
  /**
   * Cost and latency of each LLM endpoint role over the run (training and benchmarks): requests answered, from the
   * cache, failed; prompt and completion tokens; latency p50/p99 in ms; cost where the role has a price. Absent
   * when no LLM endpoint was used.
   */
  endpoints: z.record(z.string(), endpointUsageSchema).optional(),
  /** How the replies changed between the held-out benchmarks (absent without both benchmarks). */
  strategyShift: strategyShiftSchema.nullable().optional(),
  /** Think-then-say runs: the format rate of the held-out replies before / after, and the think-dependence check. */
  thinkCheck: thinkSummarySchema.optional(),
});
export type TrainingSummary = z.infer<typeof trainingSummarySchema>;
