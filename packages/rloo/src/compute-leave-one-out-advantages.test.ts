import { describe, expect, it } from 'vitest';
import { computeLeaveOneOutAdvantages } from './compute-leave-one-out-advantages';

describe('computeLeaveOneOutAdvantages', () => {
  it("should subtract the mean of the other members' rewards, per group", () => {
    const { advantages } = computeLeaveOneOutAdvantages([1, 0, 0.5, 0.5, 0.2, 0.6], ['a', 'a', 'a', 'a', 'b', 'b']);
    // Group a: 1 − (0 + 0.5 + 0.5)/3, 0 − (1 + 0.5 + 0.5)/3, 0.5 − (1 + 0 + 0.5)/3 twice; group b: ±0.4.
    const expected = [1 - 1 / 3, -2 / 3, 0.5 - 0.5, 0.5 - 0.5, 0.2 - 0.6, 0.6 - 0.2];
    advantages.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] as number, 12);
    });
  });

  it('should equal k/(k−1) times the centred reward, and sum to zero in each group', () => {
    const rewards = [0.9, 0.1, 0.3, 0.7];
    const { advantages } = computeLeaveOneOutAdvantages(rewards, ['g', 'g', 'g', 'g']);
    const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length;
    advantages.forEach((value, index) => {
      expect(value).toBeCloseTo((4 / 3) * ((rewards[index] as number) - mean), 12);
    });
    expect(advantages.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
  });

  it('should give a group of one no advantage and a uniform group zeros, and count group sizes', () => {
    const { advantages, groupSizes } = computeLeaveOneOutAdvantages([0.8, 0.4, 0.4], ['solo', 'same', 'same']);
    expect(advantages).toEqual([0, 0, 0]);
    expect(groupSizes).toEqual(
      new Map([
        ['solo', 1],
        ['same', 2],
      ]),
    );
  });
});
