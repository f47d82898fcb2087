import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreSamples } from './score-samples';
import { createTinyLanguageModel } from './test/create-tiny-language-model';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const model = createTinyLanguageModel({ seed: 1 });
afterAll(() => model.dispose());

describe('scoreSamples', () => {
  const rows = [
    [1, 2, 3, 5],
    [1, 2],
    [1, 6, 7, 8, 9, 4],
  ];

  it('should return one trimmed row per sample, equal to unpadded scoring and to next-token log-probs', async () => {
    const scores = await scoreSamples(model, rows, { microBatchSize: 2, temperature: 1, withValues: true });
    expect(scores.logProbs.map((row) => row.length)).toEqual([3, 1, 5]);
    expect(scores.values?.map((row) => row.length)).toEqual([3, 1, 5]);
    const alone = await scoreSamples(model, [rows[2] ?? []], { microBatchSize: 1, temperature: 1 });
    alone.logProbs[0]?.forEach((logProb, position) => {
      expect(scores.logProbs[2]?.[position]).toBeCloseTo(logProb, 5);
    });
    const third = rows[2] ?? [];
    const direct = model.nextTokenLogProbs(third.slice(0, 3))[third[3] ?? 0] ?? 0;
    expect(scores.logProbs[2]?.[2]).toBeCloseTo(direct, 5);
    expect(alone.values).toBeUndefined();
  });

  it('should apply the temperature', async () => {
    const hot = await scoreSamples(model, [rows[0] ?? []], { microBatchSize: 4, temperature: 2 });
    const expected = model.nextTokenLogProbs([1, 2], 2)[3] ?? 0;
    expect(hot.logProbs[0]?.[1]).toBeCloseTo(expected, 5);
  });

  it('should not leak tensors', async () => {
    await scoreSamples(model, rows, { microBatchSize: 2, temperature: 1, withValues: true });
    const before = tf.memory().numTensors;
    await scoreSamples(model, rows, { microBatchSize: 2, temperature: 1, withValues: true });
    expect(tf.memory().numTensors).toBe(before);
  });

  it('should keep the value head inputs of each micro-batch when asked, consistent with the values', async () => {
    const scores = await scoreSamples(model, rows, {
      microBatchSize: 2,
      temperature: 1,
      withValues: true,
      keepFeatures: true,
    });
    const chunks = scores.featureChunks ?? [];
    expect(chunks.flatMap((chunk) => chunk.sampleIndices).sort()).toEqual([0, 1, 2]);
    for (const chunk of chunks) {
      const fromFeatures = tf.tidy(() => model.valuesFromFeatures(chunk.features)).arraySync();
      chunk.sampleIndices.forEach((sampleIndex, row) => {
        scores.values?.[sampleIndex]?.forEach((value, position) => {
          expect(fromFeatures[row]?.[position]).toBeCloseTo(value, 5);
        });
      });
    }
    tf.dispose(chunks.map((chunk) => chunk.features));
    const plain = await scoreSamples(model, rows, { microBatchSize: 2, temperature: 1 });
    expect(plain.featureChunks).toBeUndefined();
  });
});
