import { endpointUsageSchema } from '@rlver/llm';
import { emotionSettingsSchema, stopReasonSchema } from '@rlver/spec';
import { z } from 'zod';

const meanStdSchema = z.object({ mean: z.number(), std: z.number() });

/** Everything that determines a benchmark run (spec §9 #21: record all settings). */
export const benchmarkSettingsSchema = z
  .object({
    /** Preset name (`sage`, `rlver-train`, `custom`). */
    preset: z.string(),
    /** Emotion dynamics in force (the simulator's settings). */
    emotion: emotionSettingsSchema,
    simulatorId: z.string(),
    policyId: z.string(),
    /** Policy sampling settings passed to every call. */
    sampling: z.record(z.string(), z.unknown()),
    /** Base seed; episode seeds derive from (seed, profile id, repeat). */
    seed: z.number().int(),
    concurrency: z.number().int().positive(),
    repeats: z.number().int().positive(),
    /** Where the profiles came from and which ones ran. */
    profiles: z.object({ source: z.string(), count: z.number().int(), ids: z.array(z.string()) }),
    /** Strategy tagger (`rule`), or null. */
    taggerId: z.string().nullable(),
  })
  .loose();
export type BenchmarkSettings = z.infer<typeof benchmarkSettingsSchema>;

/** `<outDir>/summary.json`: the scored result of a benchmark run with its settings. */
export const benchmarkSummarySchema = z.object({
  schemaVersion: z.literal(1),
  createdAt: z.string(),
  /** Display name of the run (the policy id unless given). */
  label: z.string(),
  /** Whether every (profile, repeat) pair finished (false after an interruption: rerun to resume). */
  complete: z.boolean(),
  /** Sentient score (mean over repeats when k > 1); null when nothing counts. */
  score: z.number().nullable(),
  /** Std of the score over repeats (0 for k = 1). */
  scoreStd: z.number(),
  success: z.number(),
  failure: z.number(),
  /** Episodes counted per repeat. */
  profiles: z.number(),
  /** Episodes excluded from the score (errors, interruptions). */
  errors: z.number().int(),
  excluded: z.array(
    z.object({ profileId: z.string(), repeat: z.number().int(), stopReason: stopReasonSchema, message: z.string() }),
  ),
  repeats: z.object({
    count: z.number().int(),
    score: meanStdSchema.nullable(),
    success: meanStdSchema,
    failure: meanStdSchema,
    perRepeat: z.array(
      z.object({
        repeat: z.number().int(),
        score: z.number().nullable(),
        success: z.number().int(),
        failure: z.number().int(),
        profiles: z.number().int(),
        excluded: z.number().int(),
      }),
    ),
  }),
  curve: z.object({ carried: z.array(z.number()), live: z.array(z.number()), liveCounts: z.array(z.number()) }),
  metrics: z.object({
    auc: z.number(),
    horizon: z.number().int(),
    volatility: z.number(),
    turnsToSuccess: z.object({ episodes: z.number(), mean: z.number(), median: z.number() }).nullable(),
    turnsPerEpisode: z.number(),
    responseLength: z.object({ meanChars: z.number(), stdChars: z.number(), meanTokens: z.number().nullable() }),
  }),
  /**
   * Degenerate-text monitors of the replies (`@rlver/reward` `summarizeReplyMonitors`): `metrics` holds the same
   * `monitor/*` keys as the training metrics. Absent in summaries written before the monitors existed.
   */
  monitors: z
    .object({ replies: z.number().int(), topOpening: z.string(), metrics: z.record(z.string(), z.number()) })
    .optional(),
  stopReasons: z.record(z.string(), z.number()),
  endings: z.record(z.string(), z.number()),
  strategies: z
    .object({
      source: z.string(),
      turns: z.number(),
      shares: z.record(z.string(), z.number()),
      counts: z.record(z.string(), z.number()),
      entropy: z.number(),
      suggestionBeforeExplorationRate: z.number(),
      esc: z.object({ shares: z.record(z.string(), z.number()), stageCoverage: z.record(z.string(), z.number()) }),
    })
    .nullable(),
  /** Optional LLM-judge capability scores (project rubric, not paper parity). */
  judge: z
    .object({
      judgeId: z.string(),
      promptVersion: z.string(),
      parity: z.literal('not paper parity'),
      means: z.record(z.string(), z.number()),
      dialogues: z.number().int(),
      failures: z.number().int(),
    })
    .optional(),
  settings: benchmarkSettingsSchema,
  /**
   * LLM usage per endpoint role (`policy`, `simulator`, `judge`) of the invocation that wrote this summary:
   * requests, tokens in/out, latency p50/p99, and cost where the role has a price. Absent without LLM endpoints.
   */
  endpoints: z.record(z.string(), endpointUsageSchema).optional(),
  timing: z.object({
    startedAt: z.string(),
    durationMs: z.number(),
    /** Episodes run by this invocation. */
    episodesRun: z.number().int(),
    /** Episodes found finished in the results file and skipped (resume). */
    episodesResumed: z.number().int(),
    /** Episodes found errored in the results file and run again by this invocation (errors are never final). */
    episodesRedone: z.number().int().optional(),
    /** Torn lines found inside `results.jsonl` and moved to `unreadable-lines.txt` (their dialogues ran again). */
    tornLinesSetAside: z.number().int().optional(),
  }),
});
export type BenchmarkSummary = z.infer<typeof benchmarkSummarySchema>;
