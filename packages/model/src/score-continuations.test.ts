import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogitsRules } from './logits-rules';
import { lengthChunks, scoreContinuations } from './score-continuations';
import { createRuleTestModels, type RuleTestModels } from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';
import { paddedBatch } from './test/tiny-transformer';
import type { TransformerModel } from './transformer-model';

const EOS = 1;
const HEADER = [2, 3];
const encoder = new TextEncoder();
/** 50 ids: EOS and the header special, the rest Latin letters (so the script rule passes them all). */
const TOKEN_BYTES = Array.from({ length: 50 }, (_, id) =>
  id < 4 ? undefined : encoder.encode(` ${String.fromCharCode(97 + (id % 26))}`),
);

/** n-gram and run rules on the reply after HEADER: repeated pairs and runs are banned (−∞), so they are exercised. */
function rules(): LogitsRules {
  return new LogitsRules({
    config: { noRepeatNgramSize: 2, earlierReplyNgramSize: 0, maxTokenRun: 1, script: false, quoteMinUnits: 0 },
    tokenBytes: TOKEN_BYTES,
    replyHeader: HEADER,
    replyEnd: [EOS],
  });
}

let models: RuleTestModels;
beforeAll(async () => {
  await useTestBackend();
  models = createRuleTestModels(11);
});
afterAll(() => {
  models.model.dispose();
  models.copyModel.dispose();
});

const PROMPT = [5, 9, 12, 7, 30, 9, 12, 44, 18, 6, ...HEADER];
/** Continuations of many lengths; some repeat a pair or a token (banned by the rules), one is a single token. */
const CONTINUATIONS = [
  [9, 12, 9, 12, EOS],
  [20],
  [8, 8, 14, EOS],
  [31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, EOS],
  [5, 6, 7, EOS],
  [13, 27, 13, 27, 13, 5, 21, 22, 23, EOS],
  [44, 18, 6, 47, EOS],
];

/** Whole-row log-probs of each continuation's tokens through the one-pass `scoreSequences`. */
function wholeRowScores(model: TransformerModel, temperature: number): number[][] {
  const rows = CONTINUATIONS.map((continuation) => [...PROMPT, ...continuation]);
  const { ids, mask } = paddedBatch(rows, EOS);
  const scores = model.scoreSequences(ids, mask, { temperature, sharePrefixes: false });
  const width = ids.shape[1] - 1;
  const data = scores.logProbs.dataSync();
  tf.dispose([ids, mask, scores.logProbs]);
  return CONTINUATIONS.map((continuation, row) =>
    Array.from(data.subarray(row * width + PROMPT.length - 1, row * width + PROMPT.length - 1 + continuation.length)),
  );
}

describe('scoreContinuations', () => {
  for (const [name, pick, temperature] of [
    ['plain model, rules on, temperature 0.7', (m: RuleTestModels) => m.model, 0.7],
    ['copy head (gate open), rules on, temperature 0.7', (m: RuleTestModels) => m.copyModel, 0.7],
    ['copy head (gate open), rules on, temperature 1', (m: RuleTestModels) => m.copyModel, 1],
  ] as const) {
    it(`should equal the whole-row scores of each continuation: ${name}`, async () => {
      const model = pick(models);
      model.logitsRules = rules();
      try {
        const expected = wholeRowScores(model, temperature);
        const before = tf.memory().numTensors;
        // batchSize 3: several passes after one prompt pass, in an order other than the input's.
        const actual = await scoreContinuations(model, {
          prefix: PROMPT,
          continuations: CONTINUATIONS,
          temperature,
          batchSize: 3,
        });
        expect(tf.memory().numTensors).toBe(before);
        let banned = 0;
        CONTINUATIONS.forEach((continuation, row) => {
          expect(actual[row]).toHaveLength(continuation.length);
          continuation.forEach((_, position) => {
            const reference = expected[row]?.[position] as number;
            const value = actual[row]?.[position] as number;
            if (reference < -1e8) {
              banned += 1;
              expect(value).toBeLessThan(-1e8);
            } else expect(Math.abs(value - reference)).toBeLessThanOrEqual(1e-4);
          });
        });
        expect(banned).toBeGreaterThanOrEqual(4);
      } finally {
        model.logitsRules = undefined;
      }
    });
  }

  it('should cut lengths into sorted chunks of at most batchSize, each index once, short ones apart from long', () => {
    const lengths = [60, 3, 61, 4, 62, 5, 2];
    const chunks = lengthChunks(lengths, 3);
    expect(chunks.flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(3);
    expect(lengthChunks(lengths, 7)).toHaveLength(2);
    // No chunk mixes a short candidate (≤ 5 tokens) with a long one (≥ 60).
    for (const chunk of chunks) {
      const kinds = new Set(chunk.map((index) => ((lengths[index] as number) > 20 ? 'long' : 'short')));
      expect(kinds.size).toBe(1);
    }
  });
});
