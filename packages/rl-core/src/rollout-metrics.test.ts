import { describe, expect, it } from 'vitest';
import { packTrajectories } from './packing/pack-trajectories';
import { computeRolloutMetrics, meanLogProbDrift } from './rollout-metrics';
import { buildTrajectory } from './test/build-trajectory';

const trajectories = [
  buildTrajectory({ episodeId: 'a', reward: 1, turns: [{ promptIds: [1], outputIds: [2, 3] }] }),
  buildTrajectory({ episodeId: 'b', reward: 0.05, turns: [{ promptIds: [1], outputIds: [2] }] }),
  buildTrajectory({
    episodeId: 'c',
    reward: 0.5,
    turns: [
      { promptIds: [1], outputIds: [2] },
      { promptIds: [1, 2, 9], outputIds: [3] },
    ],
  }),
  buildTrajectory({ episodeId: 'd', reward: 0, stopReason: 'error', turns: [{ promptIds: [1], outputIds: [2] }] }),
];

describe('computeRolloutMetrics', () => {
  it('should compute the rollout metrics by hand', () => {
    const metrics = computeRolloutMetrics(trajectories, packTrajectories(trajectories, 'whole-dialogue'));
    expect(metrics['rollout/error_fraction']).toBe(0.25);
    expect(metrics['rollout/reward_mean']).toBeCloseTo(1.55 / 3, 10);
    expect(metrics['rollout/success_fraction']).toBeCloseTo(1 / 3, 10);
    expect(metrics['rollout/failure_fraction']).toBeCloseTo(1 / 3, 10);
    expect(metrics['rollout/positive_fraction']).toBeCloseTo(2 / 3, 10);
    expect(metrics['rollout/turns_mean']).toBeCloseTo(4 / 3, 10);
    expect(metrics['rollout/samples']).toBe(3);
    expect(metrics['rollout/policy_tokens_mean']).toBeCloseTo(5 / 3, 10);
    expect(metrics['rollout/return_mean']).toBe(metrics['rollout/reward_mean']);
  });

  it('should take dialogue metrics from the dialogues and the return from the turn samples (turn credit)', () => {
    // Turn samples of dialogue c (final reward 0.5): returns 0.2 and -0.1, one turn each.
    const samples = [
      buildTrajectory({ episodeId: 'c/turn-1', reward: 0.2, turns: [{ promptIds: [1], outputIds: [2] }] }),
      buildTrajectory({ episodeId: 'c/turn-2', reward: -0.1, turns: [{ promptIds: [1, 2, 9], outputIds: [3] }] }),
    ];
    const metrics = computeRolloutMetrics(samples, packTrajectories(samples, 'per-turn'), trajectories);
    expect(metrics['rollout/return_mean']).toBeCloseTo(0.05, 12);
    expect(metrics['rollout/return_std']).toBeCloseTo(0.15, 12);
    expect(metrics['rollout/reward_mean']).toBeCloseTo(1.55 / 3, 10);
    expect(metrics['rollout/success_fraction']).toBeCloseTo(1 / 3, 10);
    expect(metrics['rollout/turns_mean']).toBeCloseTo(4 / 3, 10);
    expect(metrics['rollout/samples']).toBe(2);
  });
});

describe('meanLogProbDrift', () => {
  it('should average absolute differences over masked positions only', () => {
    expect(meanLogProbDrift([[0, 1, 1]], [[9, -1, -2]], [[0, -1.5, -1]])).toBeCloseTo(0.75, 10);
  });
});
