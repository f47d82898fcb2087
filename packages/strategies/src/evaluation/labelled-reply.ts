import { languageSchema, strategyLabelSchema } from '@rlver/spec';
import { z } from 'zod';

/** One line of `eval/labelled-replies.jsonl`: a reply labelled by hand from the README definitions. */
export const labelledReplySchema = z
  .object({
    id: z.string(),
    lang: languageSchema,
    /** `test` items are held out: never inspected while tuning the rules. */
    split: z.enum(['dev', 'test']),
    labels: z.array(strategyLabelSchema).min(1),
    text: z.string().min(1),
  })
  .strict();
export type LabelledReply = z.infer<typeof labelledReplySchema>;
