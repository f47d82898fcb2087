import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { whitenMaskedRows } from './compute-ppo-rows';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('whitenMaskedRows', () => {
  it('should whiten masked entries jointly across rows and zero the rest', () => {
    const whitened = whitenMaskedRows(
      [
        [1, 99, 2],
        [3, 4],
      ],
      [
        [1, 0, 1],
        [1, 1],
      ],
    );
    const std = Math.sqrt(5 / 3 + 1e-8); // values 1, 2, 3, 4: mean 2.5, unbiased variance 5/3
    expect(whitened[0]?.[1]).toBe(0);
    expect(whitened[0]?.[0]).toBeCloseTo(-1.5 / std, 5);
    expect(whitened[1]?.[1]).toBeCloseTo(1.5 / std, 5);
    const masked = [whitened[0]?.[0], whitened[0]?.[2], whitened[1]?.[0], whitened[1]?.[1]].map(Number);
    expect(masked.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 5);
  });
});
