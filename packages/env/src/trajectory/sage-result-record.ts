import { simulatorMessageSchema } from '@rlver/spec';
import { z } from 'zod';

/** SAGE emotion state labels (`Emotion-S` … `Emotion-F`). */
export const sageEmotionStateSchema = z.enum(['Emotion-S', 'Emotion-A', 'Emotion-B', 'Emotion-C', 'Emotion-F']);
export type SageEmotionState = z.infer<typeof sageEmotionStateSchema>;

/** The `"emotion-point"` of the last user message that has one, or undefined. */
export function lastEmotionPoint(
  history: ReadonlyArray<{ role: string; 'emotion-point'?: number }>,
): number | undefined {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index];
    if (message?.role === 'user' && typeof message['emotion-point'] === 'number') return message['emotion-point'];
  }
  return undefined;
}

/**
 * One line of a reference SAGE result file (spec §7.3): the final simulator state of one profile, keys in order
 * `id, emo_point, emo_state, target, player, scene, character, topic, task, history`. Extra keys (run metadata)
 * may follow `history`. Enforces the invariant `emo_point` = the last user message's `"emotion-point"`.
 */
export const sageResultRecordSchema = z
  .object({
    id: z.string().min(1),
    /** Final emotion score. */
    emo_point: z.number(),
    emo_state: sageEmotionStateSchema,
    /** Goal mode; `"eq"` in every published file. */
    target: z.string().optional(),
    player: z.string(),
    scene: z.string(),
    /** Personality type (`main_cha` of the profile). */
    character: z.string(),
    /** `<category>-<question>`; `""` when unknown. */
    topic: z.string().optional(),
    task: z.string(),
    history: z.array(simulatorMessageSchema).min(1),
  })
  .loose()
  .superRefine((record, context) => {
    const last = lastEmotionPoint(record.history);
    if (last !== undefined && last !== record.emo_point) {
      context.addIssue({
        code: 'custom',
        path: ['emo_point'],
        message: `emo_point is ${record.emo_point} but the last user message has "emotion-point" ${last}; they must be equal (spec §7.3)`,
      });
    }
  });
export type SageResultRecord = z.infer<typeof sageResultRecordSchema>;
