import { estimateKl } from '@rlver/rl-core';
import { describe, expect, it } from 'vitest';
import { computeTokenRewards } from './compute-token-rewards';

const sample = {
  tokenIds: [1, 2, 3, 4],
  lossMask: [0, 1, 1],
  sampledLogProbs: [0, -1, -1],
  rewardPosition: 2,
  reward: 0.8,
  dialogueIndex: 0,
  turnIndex: null,
};

describe('computeTokenRewards', () => {
  it('should put the terminal reward on the last policy token only', () => {
    const result = computeTokenRewards({ sample, oldLogProbs: [0, -1, -1], klCoefficient: 0, klEstimator: 'k1' });
    expect(result).toEqual({ rewards: [0, 0, 0.8], meanKl: 0 });
  });

  it('should subtract β·KL at policy tokens when KL is in the reward', () => {
    const result = computeTokenRewards({
      sample,
      oldLogProbs: [0, -1, -0.5],
      referenceLogProbs: [5, -2, -0.5],
      klCoefficient: 0.1,
      klEstimator: 'k1',
    });
    // k1 = (−1) − (−2) = 1 at t1; 0 at t2; user position t0 untouched
    expect(result.rewards[0]).toBe(0);
    expect(result.rewards[1]).toBeCloseTo(-0.1, 10);
    expect(result.rewards[2]).toBeCloseTo(0.8, 10);
    expect(result.meanKl).toBeCloseTo(0.5, 10);
    const k3 = computeTokenRewards({
      sample,
      oldLogProbs: [0, -1, -0.5],
      referenceLogProbs: [5, -2, -0.5],
      klCoefficient: 1,
      klEstimator: 'k3',
    });
    expect(k3.rewards[1]).toBeCloseTo(-estimateKl(-1, -2, 'k3'), 10);
  });
});
