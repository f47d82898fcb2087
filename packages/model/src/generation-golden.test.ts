import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GenerationResult, generate } from './generate';
import { GENERATION_CASES } from './test/generation-cases';
import golden from './test/generation-golden.json';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';

// Outputs recorded from the copy-based decoder (concat-grown cache, rows gathered out, sampling in JS):
// every later decoder must give the same tokens for the same seed, greedy and sampled, on every backend.
const recorded = golden as unknown as Record<string, GenerationResult[]>;

let model: TransformerModel;
beforeAll(async () => {
  await useTestBackend();
  model = createTransformerModel({ config: { ...TINY_TRANSFORMER_CONFIG, vocabSize: 300 }, seed: 11, initStd: 0.3 });
});
afterAll(() => model.dispose());

describe('generate against the recorded outputs of the copy-based decoder', () => {
  for (const [name, options] of Object.entries(GENERATION_CASES)) {
    it(`should reproduce case "${name}" token for token`, async () => {
      const expected = recorded[name] as GenerationResult[];
      const results = await generate(model, options);
      expect(results.map((result) => result.outputIds)).toEqual(expected.map((result) => result.outputIds));
      expect(results.map((result) => result.finishReason)).toEqual(expected.map((result) => result.finishReason));
      results.forEach((result, row) => {
        const want = expected[row] as GenerationResult;
        for (const [index, logProb] of result.logProbs.entries()) {
          expect(logProb).toBeCloseTo(want.logProbs[index] as number, 4);
          expect(result.entropies[index]).toBeCloseTo(want.entropies[index] as number, 4);
        }
      });
    });
  }
});
