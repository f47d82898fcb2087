import { packTrajectories } from '@rlver/rl-core';
import { buildTrajectory } from '@rlver/rl-core/test';
import { describe, expect, it } from 'vitest';
import { assignGroupAdvantages } from './assign-group-advantages';

// group g: dialogue x has 3 policy turns and reward 1; dialogue y has 1 turn and reward 0
const threeTurns = buildTrajectory({
  episodeId: 'x',
  groupId: 'g',
  reward: 1,
  turns: [
    { promptIds: [1], outputIds: [5] },
    { promptIds: [1, 5, 2], outputIds: [6] },
    { promptIds: [1, 5, 2, 6, 2], outputIds: [7] },
  ],
});
const oneTurn = buildTrajectory({
  episodeId: 'y',
  groupId: 'g',
  reward: 0,
  turns: [{ promptIds: [1], outputIds: [8] }],
});
const options = { scaleRewards: 'group' as const, epsilon: 1e-6, dynamicSampling: false };

describe('assignGroupAdvantages', () => {
  it('should make groups of dialogues, so a dialogue’s turn-samples share its advantage (spec §6.7 d)', () => {
    const packed = packTrajectories([threeTurns, oneTurn], 'per-turn');
    const result = assignGroupAdvantages(packed, { ...options, groupStatistics: 'dialogue' });
    // two members 1 and 0: mean 0.5, std sqrt(0.5) → ±0.7071
    const expected = 0.5 / (Math.sqrt(0.5) + 1e-6);
    expect(result.advantages.slice(0, 3).every((advantage) => Math.abs(advantage - expected) < 1e-9)).toBe(true);
    expect(result.advantages[3]).toBeCloseTo(-expected, 9);
    expect(result.metrics['grpo/group_size_mean']).toBe(2);
    expect(result.keptSampleIndices).toEqual([0, 1, 2, 3]);
  });

  it('should weigh every turn-sample as a member in parity mode (reference, spec §9 #10)', () => {
    const packed = packTrajectories([threeTurns, oneTurn], 'per-turn');
    const result = assignGroupAdvantages(packed, { ...options, groupStatistics: 'turn-sample' });
    // members 1, 1, 1, 0: mean 0.75, unbiased std 0.5
    expect(result.advantages[0]).toBeCloseTo(0.25 / (0.5 + 1e-6), 9);
    expect(result.advantages[3]).toBeCloseTo(-0.75 / (0.5 + 1e-6), 9);
    expect(result.metrics['grpo/group_size_mean']).toBe(4);
  });

  it('should drop groups with equal rewards under dynamic sampling and report the fraction', () => {
    const flat = [0, 1].map((index) =>
      buildTrajectory({
        episodeId: `f${index}`,
        groupId: 'flat',
        reward: 0.4,
        turns: [{ promptIds: [1], outputIds: [5] }],
      }),
    );
    const packed = packTrajectories([threeTurns, oneTurn, ...flat], 'whole-dialogue');
    const kept = assignGroupAdvantages(packed, { ...options, groupStatistics: 'dialogue', dynamicSampling: true });
    expect(kept.keptSampleIndices).toEqual([0, 1]);
    expect(kept.metrics['grpo/dropped_group_fraction']).toBe(0.5);
    expect(kept.metrics['grpo/zero_std_group_fraction']).toBe(0.5);
    const all = assignGroupAdvantages(packed, { ...options, groupStatistics: 'dialogue' });
    expect(all.keptSampleIndices).toEqual([0, 1, 2, 3]);
    expect(all.metrics['grpo/dropped_group_fraction']).toBe(0);
  });
});
