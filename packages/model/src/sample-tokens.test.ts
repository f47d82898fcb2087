import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleToken, type TokenSamplingOptions } from './sample-token';
import { sampleTokensInTensors } from './sample-tokens';
import { useTestBackend } from './test/test-backend';

beforeAll(async () => {
  await useTestBackend();
});

const ROWS = 48;
const VOCAB = 257;

/** Logits with some exact ties, so that the order of equal candidates is exercised too. */
function randomLogits(seed: number): Float32Array {
  const rng = createRng(seed);
  return Float32Array.from({ length: ROWS * VOCAB }, (_, index) =>
    index % 17 === 0 ? 1.5 : Math.round(rng.normal() * 3 * 64) / 64,
  );
}

const settings: TokenSamplingOptions[] = [
  { temperature: 0, topP: 1, topK: 0 },
  { temperature: 1, topP: 1, topK: 0 },
  { temperature: 0.7, topP: 1, topK: 10 },
  { temperature: 1.3, topP: 0.9, topK: 0 },
  { temperature: 0.9, topP: 0.5, topK: 30 },
  { temperature: 1, topP: 0.05, topK: 0 },
];

describe('sampleTokensInTensors', () => {
  for (const options of settings) {
    it(`should pick the tokens sampleToken picks from the same draws (${JSON.stringify(options)})`, async () => {
      const logits = randomLogits(options.topK + 1);
      const draws = createRng(9);
      const uniforms = Float32Array.from({ length: ROWS }, () => draws.next());
      const tensor = tf.tensor2d(logits, [ROWS, VOCAB]);
      const sampled = sampleTokensInTensors(tensor, options, uniforms);
      const values = await sampled.data();
      tf.dispose([tensor, sampled]);
      const distinct = new Set<number>();
      for (let row = 0; row < ROWS; row += 1) {
        const rng = { next: () => uniforms[row] as number, int: () => 0, normal: () => 0 };
        const expected = sampleToken(logits.subarray(row * VOCAB, (row + 1) * VOCAB), options, rng as never);
        expect(values[row * 3]).toBe(expected.tokenId);
        expect(values[row * 3 + 1]).toBeCloseTo(expected.logProb, 4);
        expect(values[row * 3 + 2]).toBeCloseTo(expected.entropy, 4);
        distinct.add(expected.tokenId);
      }
      if (options.temperature > 0 && options.topP > 0.1) expect(distinct.size).toBeGreaterThan(5);
    });
  }
});
