import { stopReasonSchema } from '@rlver/spec';
import { z } from 'zod';

/**
 * The fields of a SAGE result line (spec §7.3) that scoring needs. Deliberately lenient (extra keys kept,
 * `history` unchecked) so that reference files and files written by other tools import alike.
 */
export const sageScoreRecordSchema = z
  .object({
    id: z.string().min(1),
    /** Final emotion score of the dialogue. */
    emo_point: z.number(),
    emo_state: z.string().optional(),
    /** Project extension written after `history`: why the episode ended. */
    stopReason: stopReasonSchema.optional(),
    /** Project extension: the error of an errored episode. */
    error: z.object({ message: z.string() }).loose().optional(),
  })
  .loose();
export type SageScoreRecord = z.infer<typeof sageScoreRecordSchema>;
