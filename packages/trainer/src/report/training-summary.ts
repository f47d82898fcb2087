import { z } from 'zod';

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
});
export type BenchmarkScore = z.infer<typeof scoreSchema>;

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
});
export type TrainingSummary = z.infer<typeof trainingSummarySchema>;
