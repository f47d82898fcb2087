import { z } from 'zod';
import type { Language } from './language';

/** Support-strategy labels (multi-label per reply). Definitions and examples: packages/strategies/README.md. */
export const strategyLabelSchema = z.enum([
  'praise',
  'deep_empathy',
  'active_listening',
  'validation',
  'dialectical_analysis',
  'advice',
  'perspective_taking',
  'guided_reflection',
  'question',
  'self_disclosure',
  'information',
  'generic_comfort',
  'other',
]);
export type StrategyLabel = z.infer<typeof strategyLabelSchema>;
export const STRATEGY_LABELS: readonly StrategyLabel[] = strategyLabelSchema.options;

/** Why a label fired: the cue and its character span `[start, end)` in the text. */
export const strategyCueSchema = z.object({
  label: strategyLabelSchema,
  cue: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type StrategyCue = z.infer<typeof strategyCueSchema>;

export const strategyTagResultSchema = z.object({
  labels: z.array(strategyLabelSchema),
  cues: z.array(strategyCueSchema),
});
export type StrategyTagResult = z.infer<typeof strategyTagResultSchema>;

export interface StrategyTagOptions {
  text: string;
  /** Detected when absent. */
  lang?: Language;
  signal?: AbortSignal;
}

/** Swap point: labels how a reply tries to help. */
export interface StrategyTaggerV1 {
  readonly specificationVersion: 'v1';
  /** `rule` or `openai:<model>`. */
  readonly taggerId: string;
  doTag(options: StrategyTagOptions): Promise<StrategyTagResult>;
}
