import '@tensorflow/tfjs-backend-cpu';
import { findUniformGroupSamples, maskedWhiten, type PackedBatch, type PackedSample } from '@rlver/rl-core';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computePPORows, whitenMaskedRows } from './compute-ppo-rows';

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
  it("should match rl-core's tensor maskedWhiten on ragged rows", () => {
    const rows = [
      [0.3, -1.2, 7, 0.05],
      [2.5, 2.5],
      [-0.4, 0.9, 1.1],
    ];
    const masks = [
      [1, 1, 0, 1],
      [0, 1],
      [1, 1, 1],
    ];
    const flat = rows.flatMap((row, index) => row.filter((_, position) => masks[index]?.[position] === 1));
    const expected = tf.tidy(() => maskedWhiten(tf.tensor1d(flat), tf.onesLike(tf.tensor1d(flat))).arraySync());
    const actual = whitenMaskedRows(rows, masks).flatMap((row, index) =>
      row.filter((_, position) => masks[index]?.[position] === 1),
    );
    expect(actual).toHaveLength(expected.length);
    actual.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] as number, 5);
    });
    expect(whitenMaskedRows([[4]], [[1]])[0]?.[0]).toBe(0);
  });
});

describe('computePPORows with dynamic sampling', () => {
  const sample = (reward: number, dialogueIndex: number): PackedSample => ({
    tokenIds: [5, 6, 7, 8],
    lossMask: [0, 1, 1],
    sampledLogProbs: [0, -1, -1],
    rewardPosition: 2,
    reward,
    dialogueIndex,
    turnIndex: 1,
  });
  const dialogues = [0.5, 0.5, 0.2, 0.8].map((reward, index) => ({
    episodeId: `e${index}`,
    groupId: index < 2 ? 'uniform' : 'informative',
    reward,
    sampleIndices: [index],
  }));
  const samples = dialogues.map((dialogue, index) => sample(dialogue.reward, index));
  const packed: PackedBatch = { packing: 'per-turn', samples, dialogues, totalCount: 4, errorCount: 0, emptyCount: 0 };

  it('should leave the uniform group out of the actor (mask and advantages 0) and whiten the rest alone', () => {
    const uniform = findUniformGroupSamples(packed);
    expect([...uniform.sampleIndices]).toEqual([0, 1]);
    expect(uniform).toMatchObject({ groups: 2, uniformGroups: 1 });
    const { rows } = computePPORows({
      samples,
      tokenRewards: samples.map((item) => [0, 0, item.reward]),
      oldLogProbs: samples.map((item) => item.sampledLogProbs),
      oldValues: samples.map(() => [0, 0.1, 0.3]),
      excludedFromActor: uniform.sampleIndices,
      config: { gamma: 1, lambda: 1, gaePositions: 'policy-tokens', whitenAdvantages: true },
    });
    expect(rows[0]?.lossMask).toEqual([0, 0, 0]);
    expect(rows[1]?.advantages).toEqual([0, 0, 0]);
    // Critic targets stay: returns at policy tokens are the reward (γ = λ = 1).
    expect(rows[0]?.returns.slice(1)).toEqual([0.5, 0.5]);
    expect(rows[0]?.valueMask).toEqual([0, 1, 1]);
    // Kept advantages: R − V = 0.2 − 0.1, 0.2 − 0.3, 0.8 − 0.1, 0.8 − 0.3, whitened among themselves.
    const kept = [...(rows[2]?.advantages.slice(1) ?? []), ...(rows[3]?.advantages.slice(1) ?? [])];
    expect(kept.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 5);
    const raw = [0.1, -0.1, 0.7, 0.5];
    const mean = raw.reduce((a, b) => a + b, 0) / 4;
    const std = Math.sqrt(raw.reduce((total, value) => total + (value - mean) ** 2, 0) / 3 + 1e-8);
    kept.forEach((value, index) => {
      expect(value).toBeCloseTo(((raw[index] as number) - mean) / std, 4);
    });
  });
});
