import { describe, expect, it } from 'vitest';
import { createBigramModel } from './bigram-model';

describe('createBigramModel', () => {
  it('should compute interpolated absolute discounting by hand', () => {
    // Units: <s>, a, b. Bigrams: <s>→a ×3, a→b ×2, a→a ×1 (a: context total 3, 2 types).
    const model = createBigramModel({
      schemaVersion: 1,
      lang: 'en',
      discount: 0.5,
      units: ['<s>', 'a', 'b'],
      unigramCounts: [3, 4, 2],
      contextTotals: [3, 3, 0],
      contextTypes: [1, 2, 0],
      bigrams: [0, 1, 3, 1, 2, 2, 1, 1, 1],
      sources: ['hand-made'],
      minBackoff: 0.5,
    });
    const unigramB = (2 + 0.5) / (9 + 0.5 * 4);
    // λ(a) = max(0.5, 0.5 · 2 / 3) = 0.5; the discounted pair mass is (2 − 0.5) / (3 − 1).
    const expected = 0.5 * ((2 - 0.5) / (3 - 1)) + 0.5 * unigramB;
    expect(model.logProb('a', 'b')).toBeCloseTo(Math.log2(expected), 10);
    // An unseen context backs off to the unigram; an unknown unit gets the unknown mass.
    expect(model.logProb('b', 'b')).toBeCloseTo(Math.log2(unigramB), 10);
    expect(model.logProb('zzz', 'qqq')).toBeCloseTo(Math.log2(0.5 / 11), 10);
  });

  it('should refuse a file that is not a model, naming it', () => {
    expect(() => createBigramModel({ schemaVersion: 2 } as never, 'model.json.gz')).toThrow(/model\.json\.gz/);
  });
});
