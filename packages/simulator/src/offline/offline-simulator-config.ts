import { emotionSettingsSchema, formatZodError, InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

/** Settings of the offline simulated user (everything but the injectable tagger). */
export const offlineSimulatorConfigSchema = z
  .object({
    /** Emotion preset: `sage` (start 40, ±10 clamp, stop at ≥ 100 / < 10) or `rlver-train` (start 30, unclamped, stop at ≤ 0). */
    preset: z.enum(['sage', 'rlver-train']),
    /** Overrides of single emotion settings (e.g. `{ initialEmotion: 50 }`). */
    emotion: emotionSettingsSchema.partial().optional(),
    /** Half-width of the seeded uniform noise added to the judgement score before quantising. Default 1; 0 = none. */
    noise: z.number().min(0).max(5).optional(),
    /**
     * How finely the emotion moves. `steps` (default): like the reference's LLM judges, ±5 / ±10 (−20 for broken
     * text). `fine`: the judgement score itself, rounded to a whole point within [−20, 10] — the same judge and
     * the same ranking of replies, without the steps, so two replies that both land at −5 still differ (a denser
     * signal for RL on a small policy). Benchmarks keep `steps`.
     */
    resolution: z.enum(['steps', 'fine']).optional(),
  })
  .strict();
export type OfflineSimulatorConfig = z.infer<typeof offlineSimulatorConfigSchema>;

/** Validate the config; a bad field throws `InvalidConfigError` naming it. */
export function resolveOfflineSimulatorConfig(config: unknown): OfflineSimulatorConfig {
  const parsed = offlineSimulatorConfigSchema.safeParse(config);
  if (!parsed.success) {
    throw new InvalidConfigError({
      field: parsed.error.issues[0]?.path.join('.') || 'config',
      message: `invalid offline simulator config: ${formatZodError(parsed.error)}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
