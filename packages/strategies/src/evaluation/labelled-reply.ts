import { languageSchema, strategyLabelSchema } from '@rlver/spec';
import { z } from 'zod';

/**
 * One line of a labelled evaluation file (`eval/labelled-replies.jsonl`, `eval/independent-replies.jsonl`):
 * a reply labelled by hand from the README definitions. `id` and `split` may be missing (see
 * {@link resolveLabelledReplies}); `author` names who wrote and labelled it.
 */
export const labelledReplySchema = z
  .object({
    id: z.string().optional(),
    lang: languageSchema,
    /** `test` items are held out: never inspected while tuning the rules. */
    split: z.enum(['dev', 'test']).optional(),
    labels: z.array(strategyLabelSchema).min(1),
    text: z.string().min(1),
    author: z.string().optional(),
  })
  .strict();
export type LabelledReplyRecord = z.infer<typeof labelledReplySchema>;

/** A labelled reply with its id and split resolved. */
export interface LabelledReply extends LabelledReplyRecord {
  id: string;
  split: 'dev' | 'test';
}

/**
 * How splits are assigned: `field` uses each record's `split` (missing → `test`); `index` ignores it and
 * puts records at even 0-based positions (blank lines not counted) in `dev`, odd ones in `test`; `auto` is
 * `index` when no record carries a `split`, else `field`.
 */
export type SplitRule = 'auto' | 'field' | 'index';

/** Resolve ids (missing → `item-<0-based position>`) and splits of the records of one labelled file. */
export function resolveLabelledReplies(records: readonly LabelledReplyRecord[], rule: SplitRule): LabelledReply[] {
  const byIndex = rule === 'index' || (rule === 'auto' && records.every((record) => record.split === undefined));
  return records.map((record, index) => ({
    ...record,
    id: record.id ?? `item-${String(index).padStart(3, '0')}`,
    split: byIndex ? (index % 2 === 0 ? 'dev' : 'test') : (record.split ?? 'test'),
  }));
}
