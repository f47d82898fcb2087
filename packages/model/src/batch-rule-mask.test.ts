import { InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchRuleMask, hostBatch } from './batch-rule-mask';
import { LogitsRules, ruleMaskForPositions } from './logits-rules';
import { useTestBackend } from './test/test-backend';
import { paddedBatch } from './test/tiny-transformer';

const VOCAB = 12;
const EOS = 1;
const HEADER = [2, 3];

/** No n-gram of 2 twice in a reply: a rule whose mask depends on every earlier token of the row. */
function noRepeatRules(): LogitsRules {
  return new LogitsRules({
    config: { noRepeatNgramSize: 2, earlierReplyNgramSize: 0, maxTokenRun: 0, script: false, quoteMinUnits: 0 },
    tokenBytes: Array.from({ length: VOCAB }, (_, id) => (id < 4 ? undefined : new TextEncoder().encode(` t${id}`))),
    replyHeader: HEADER,
    replyEnd: [EOS],
  });
}

describe('batchRuleMask', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  it('should mask each scored position of a padded batch from the host ids, as the rules give it per row', () => {
    const rules = noRepeatRules();
    const rows = [
      [9, ...HEADER, 4, 5, 6, 4, 7],
      [8, ...HEADER, 7, 7, 5],
    ];
    const { ids, mask } = paddedBatch(rows, 0);
    const host = hostBatch(ids, mask);
    expect(host?.batch).toBe(2);
    const actual = batchRuleMask(rules, host, VOCAB) as tf.Tensor2D;
    const width = ids.shape[1];
    // Column t scores the token at t + 1: rows' own positions, none past a row's end.
    const positions = rows.flatMap((row, index) =>
      Array.from({ length: width - 1 }, (_, column) =>
        column + 1 < row.length ? ([index, column] as [number, number]) : undefined,
      ),
    );
    const expected = ruleMaskForPositions(rules, rows, positions, VOCAB) as tf.Tensor2D;
    expect(actual.shape).toEqual([2 * (width - 1), VOCAB]);
    expect(actual.arraySync()).toEqual(expected.arraySync());
    // The rule is live here: after "4 5 6 4" (column 6) the reply may not say 5 again (the bigram 4 5 was said).
    expect((actual.arraySync()[6] as number[])[5]).toBeLessThan(-1e8);
    expect((actual.arraySync()[6] as number[])[7]).toBe(0);
    tf.dispose([ids, mask, actual, expected]);
  });

  it('should need no host ids when no rule is on, and name the ids when the rules need them and only the GPU has them', () => {
    expect(batchRuleMask(undefined, undefined, VOCAB)).toBeUndefined();
    const call = () => batchRuleMask(noRepeatRules(), undefined, VOCAB);
    expect(call).toThrow(InvalidConfigError);
    expect(call).toThrow(/exist only on the GPU.*host arrays/s);
    expect(() => call()).toThrow(expect.objectContaining({ field: 'inputIds' }));
  });
});
