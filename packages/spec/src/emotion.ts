import { z } from 'zod';

/** Emotion bands (spec §3.2): S = 100, A 70–99, B 40–69, C 10–39, F < 10. */
export const emotionBandSchema = z.enum(['S', 'A', 'B', 'C', 'F']);
export type EmotionBand = z.infer<typeof emotionBandSchema>;

/**
 * Why an episode ended (spec §4.4), checked in this order: `error`, `goodbye`, `ceiling` / `floor`,
 * `max_turns`, `length_budget`, `policy_empty`. `interrupted` marks an episode stopped by Ctrl-C.
 * Spec names: ceiling = emotionCeiling, floor = emotionFloor, max_turns = maxTurns.
 */
export const stopReasonSchema = z.enum([
  'error',
  'goodbye',
  'ceiling',
  'floor',
  'max_turns',
  'length_budget',
  'policy_empty',
  'interrupted',
]);
export type StopReason = z.infer<typeof stopReasonSchema>;

/** Emotion dynamics and termination settings shared by every simulator. Presets: `sage`, `rlver-train`. */
export const emotionSettingsSchema = z
  .object({
    /** Score at the start of a dialogue (sage 40, rlver-train 30). */
    initialEmotion: z.number().int(),
    /** Largest |Δ| applied per turn (sage 10, rlver-train 20); `null` = unclamped (the RLVER reference). */
    deltaClamp: z.number().int().positive().nullable(),
    /** Upper cap of the score (100). */
    cap: z.number().int(),
    /** Lower clamp of the score; `null` = none (scores may go below 0 in rlver-train). */
    lowerClamp: z.number().int().nullable(),
    /** Stop when the score reaches this value (`>=`); `null` = no ceiling stop. */
    ceilingStop: z.number().int().nullable(),
    /** Floor stop: stop when score `<` value (sage, 10) or `<=` value (rlver-train, 0); `null` = none. */
    floorStop: z.object({ operator: z.enum(['<', '<=']), value: z.number().int() }).nullable(),
    /** Stop when the user's reply says goodbye (再见 / 拜拜 / bye). */
    goodbyeStop: z.boolean(),
    /** Most policy replies per dialogue ("cap N means at most N", spec §9 #8). */
    maxPolicyTurns: z.number().int().positive(),
    /** Whether the last policy reply at the turn cap is judged (rlver-train) or left unscored (sage parity). */
    scoreFinalReply: z.boolean(),
  })
  .strict();
export type EmotionSettings = z.infer<typeof emotionSettingsSchema>;
