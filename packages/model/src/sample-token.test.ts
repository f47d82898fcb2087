import { createRng } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { sampleToken } from './sample-token';

const logits = Float32Array.from([2, 1, 0, -1]);
const softmax = (values: number[]) => {
  const exps = values.map((value) => Math.exp(value));
  const sum = exps.reduce((total, value) => total + value, 0);
  return exps.map((value) => value / sum);
};

describe('sampleToken', () => {
  it('should return the argmax at temperature 0 with its temperature-1 log-prob and entropy', () => {
    const probabilities = softmax([2, 1, 0, -1]);
    const sampled = sampleToken(logits, { temperature: 0, topP: 1, topK: 0 }, createRng(1));
    expect(sampled.tokenId).toBe(0);
    expect(sampled.logProb).toBeCloseTo(Math.log(probabilities[0] as number), 5);
    const entropy = -probabilities.reduce((sum, p) => sum + p * Math.log(p), 0);
    expect(sampled.entropy).toBeCloseTo(entropy, 5);
  });

  it('should sample with the frequencies of softmax(logits / temperature) (seeded)', () => {
    const rng = createRng(42);
    const counts = [0, 0, 0, 0];
    const draws = 20_000;
    for (let draw = 0; draw < draws; draw += 1) {
      const { tokenId } = sampleToken(logits, { temperature: 2, topP: 1, topK: 0 }, rng);
      counts[tokenId] = (counts[tokenId] as number) + 1;
    }
    softmax([1, 0.5, 0, -0.5]).forEach((probability, index) => {
      expect(Math.abs((counts[index] as number) / draws - probability)).toBeLessThan(0.015);
    });
  });

  it('should restrict sampling to the top-k / top-p set but report full-distribution log-probs', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let draw = 0; draw < 500; draw += 1) {
      const sampled = sampleToken(logits, { temperature: 1, topP: 1, topK: 2 }, rng);
      seen.add(sampled.tokenId);
      if (sampled.tokenId === 1) expect(sampled.logProb).toBeCloseTo(Math.log(softmax([2, 1, 0, -1])[1] as number), 5);
    }
    expect([...seen].sort()).toEqual([0, 1]);
    // p = [0.64, 0.24, 0.09, 0.03]: top-p 0.85 keeps tokens 0 and 1 (0.88), 0.5 keeps only token 0.
    const nucleus = new Set(
      Array.from({ length: 500 }, () => sampleToken(logits, { temperature: 1, topP: 0.85, topK: 0 }, rng).tokenId),
    );
    expect([...nucleus].sort()).toEqual([0, 1]);
    const narrow = new Set(
      Array.from({ length: 100 }, () => sampleToken(logits, { temperature: 1, topP: 0.5, topK: 0 }, rng).tokenId),
    );
    expect([...narrow]).toEqual([0]);
  });
});
