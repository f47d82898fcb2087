import { type EmotionSettings, formatZodError, InvalidConfigError, type Language, languageSchema } from '@rlver/spec';
import { z } from 'zod';
import type { EmotionPresetName } from '../emotion/index';
import type { DeltaRule, ParseMode } from './parse-analysis';
import type { Difficulty, GoalMode, PromptVariant } from './prompt-pack';

/**
 * Settings of the LLM sentient agent (everything except the client). Each row of spec §3.12 is its own
 * setting; `preset` only fills the defaults, so mixtures such as `rlver-train` prompts + SAGE clamp work.
 */
export const llmSimulatorConfigSchema = z
  .object({
    /** Named bundle: `sage` (benchmark: start 40, clamp ±10, first_talk opener) or `rlver-train` (start 30, Δ bounded to ±20, live opener). */
    preset: z.enum(['sage', 'rlver-train']),
    /** Overrides of the preset's emotion dynamics and stop rules (validated against `emotionSettingsSchema`). */
    emotion: z.record(z.string(), z.unknown()).optional(),
    /** Prompt language; default: the profile's `lang`, else `zh` (the reference data's language). */
    lang: languageSchema.optional(),
    /** Goal block (§3.4). Default `eq` (heart-to-heart talk), as the benchmark and training. */
    goalMode: z.enum(['eq', 'no-target', 'target']).default('eq'),
    /** Difficulty text in the personality section of both stages (§3.13). Default `none` (reference). */
    difficulty: z.enum(['none', 'simple', 'normal', 'hard']).default('none'),
    /**
     * Output parsing (§3.6): `parity` (reference string splits, keeps `心理活动]` leftovers), `clean`
     * (default; tolerant, drops placeholders), `structured` (JSON-schema `response_format`, zod-validated,
     * labelled fallback).
     */
    parseMode: z.enum(['parity', 'clean', 'structured']).default('clean'),
    /** LLM calls per stage before an unparseable output becomes `InvalidLLMOutputError` (≥ 1; default 3). */
    maxResampleAttempts: z.number().int().min(1).max(20).default(3),
    /** Goodbye detection on the reply (§9 #14): `substring` (parity, default) or `strict` (not in quotes, last sentence). */
    goodbyeMode: z.enum(['substring', 'strict']).default('substring'),
    /** Sampling temperature of both stages (default 0.5, spec §10 #4). */
    temperature: z.number().min(0).max(2).default(0.5),
    /** Max new tokens per stage (default 2048, spec §10 #4); an analysis cut before `Change:` is resampled. */
    maxTokens: z.number().int().positive().default(2048),
    /** Prompt variant (fields, history split, feedback, garbled-reply rule, slang, eq goal); default = preset. */
    promptVariant: z.enum(['sage', 'rlver-train']).optional(),
    /** Δ extraction (§3.12); default: `first-integer` for the sage variant, `whole-line` for rlver-train. */
    deltaRule: z.enum(['first-integer', 'whole-line']).optional(),
    /** Opener (§3.9): `first-talk` (recorded, no call; generated when absent) or `generate` (live). Default by preset. */
    opener: z.enum(['first-talk', 'generate']).optional(),
  })
  .strict();

export type LlmSimulatorConfig = z.input<typeof llmSimulatorConfigSchema> & { emotion?: Partial<EmotionSettings> };

/** The config with every default filled in. */
export interface ResolvedLlmSimulatorConfig {
  preset: EmotionPresetName;
  emotion: Partial<EmotionSettings>;
  lang: Language | undefined;
  goalMode: GoalMode;
  difficulty: Difficulty;
  parseMode: ParseMode;
  maxResampleAttempts: number;
  goodbyeMode: 'substring' | 'strict';
  temperature: number;
  maxTokens: number;
  promptVariant: PromptVariant;
  deltaRule: DeltaRule;
  opener: 'first-talk' | 'generate';
}

/** Validate the settings and fill defaults; a bad value throws `InvalidConfigError` naming the field. */
export function resolveLlmSimulatorConfig(config: LlmSimulatorConfig): Readonly<ResolvedLlmSimulatorConfig> {
  const parsed = llmSimulatorConfigSchema.safeParse(config);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.');
    throw new InvalidConfigError({
      field,
      message: `invalid LLM simulator settings: ${formatZodError(parsed.error)}`,
      cause: parsed.error,
    });
  }
  const value = parsed.data;
  const promptVariant = value.promptVariant ?? value.preset;
  return Object.freeze({
    ...value,
    lang: value.lang,
    emotion: (value.emotion ?? {}) as Partial<EmotionSettings>,
    promptVariant,
    deltaRule: value.deltaRule ?? (promptVariant === 'sage' ? 'first-integer' : 'whole-line'),
    opener: value.opener ?? (value.preset === 'sage' ? 'first-talk' : 'generate'),
  });
}
