import { type EmotionSettings, emotionSettingsSchema, formatZodError, InvalidConfigError } from '@rlver/spec';

/** Names of the built-in emotion presets (spec §3.12). */
export type EmotionPresetName = 'sage' | 'rlver-train';

/**
 * `sage`: the Sentient benchmark — start 40, Δ clamped to ±10, stop at ≥ 100 or < 10, 10 policy replies of
 * which the 10th is never judged (parity).
 * `rlver-train`: RLVER training — start 30, Δ bounded to ±20, stop at ≤ 0, 8 policy turns, all judged. The
 * reference leaves Δ unclamped; one out-of-range judge output (`Change: -999`) then swamps a batch's reward, so
 * every preset bounds Δ (override `deltaClamp`, `null` for the reference's unclamped Δ). ±20 is twice SAGE's
 * ±10 and the offline user's largest step (see docs/decisions/2026-11-25-reliability-under-faults.md).
 */
export const EMOTION_PRESETS: Readonly<Record<EmotionPresetName, EmotionSettings>> = {
  sage: {
    initialEmotion: 40,
    deltaClamp: 10,
    cap: 100,
    lowerClamp: null,
    ceilingStop: 100,
    floorStop: { operator: '<', value: 10 },
    goodbyeStop: true,
    maxPolicyTurns: 10,
    scoreFinalReply: false,
  },
  'rlver-train': {
    initialEmotion: 30,
    deltaClamp: 20,
    cap: 100,
    lowerClamp: null,
    ceilingStop: null,
    floorStop: { operator: '<=', value: 0 },
    goodbyeStop: true,
    maxPolicyTurns: 8,
    scoreFinalReply: true,
  },
};

/** A preset with any settings overridden; validated, so a bad override names the field to change. */
export function resolveEmotionSettings(
  preset: EmotionPresetName,
  overrides: Partial<EmotionSettings> = {},
): EmotionSettings {
  const base = EMOTION_PRESETS[preset];
  if (!base) {
    throw new InvalidConfigError({
      field: '--preset',
      message: `unknown preset "${String(preset)}"; use sage or rlver-train`,
    });
  }
  const parsed = emotionSettingsSchema.safeParse({ ...base, ...overrides });
  if (!parsed.success) {
    throw new InvalidConfigError({
      field: 'emotion',
      message: `invalid emotion settings: ${formatZodError(parsed.error)}`,
      cause: parsed.error,
    });
  }
  return Object.freeze(parsed.data);
}
