import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGaeMask, computeGae, computeTurnGae } from './compute-gae';

describe('computeGae', () => {
  it('should match a λ < 1 example worked by hand, skipping user-token positions', () => {
    // positions 2 and 3 are user tokens (mask 0): their values (9) must not enter the recursion
    const mask = [1, 1, 0, 0, 1, 1];
    const values = [0.5, 0.4, 9, 9, 0.3, 0.6];
    const rewards = [0, 0, 0, 0, 0, 1];
    const { advantages, returns } = computeGae({ rewards, values, mask, gamma: 0.9, lambda: 0.8 });
    // p3: δ = 1 − 0.6 = 0.4; A = 0.4
    // p2: δ = 0.9·0.6 − 0.3 = 0.24; A = 0.24 + 0.72·0.4 = 0.528
    // p1: δ = 0.9·0.3 − 0.4 = −0.13; A = −0.13 + 0.72·0.528 = 0.25016
    // p0: δ = 0.9·0.4 − 0.5 = −0.14; A = −0.14 + 0.72·0.25016 = 0.0401152
    const expected = [0.0401152, 0.25016, 0, 0, 0.528, 0.4];
    expected.forEach((value, position) => {
      expect(advantages[position]).toBeCloseTo(value, 10);
    });
    expect(returns).toEqual(
      advantages.map((advantage, position) => (mask[position] ? advantage + (values[position] ?? 0) : 0)),
    );
    // running through the user positions (reference parity) gives different numbers
    const throughUsers = computeGae({
      rewards,
      values,
      mask: buildGaeMask(mask, 'all-tokens'),
      gamma: 0.9,
      lambda: 0.8,
    });
    expect(throughUsers.advantages[1]).not.toBeCloseTo(0.25016, 3);
  });

  it('should equal returns minus values when γ = λ = 1', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            reward: fc.double({ min: -2, max: 2, noNaN: true }),
            value: fc.double({ min: -2, max: 2, noNaN: true }),
            inMask: fc.boolean(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (steps) => {
          const mask = steps.map((step) => (step.inMask ? 1 : 0));
          const { advantages, returns } = computeGae({
            rewards: steps.map((step) => step.reward),
            values: steps.map((step) => step.value),
            mask,
            gamma: 1,
            lambda: 1,
          });
          steps.forEach((step, position) => {
            if (!step.inMask) {
              expect(advantages[position]).toBe(0);
              return;
            }
            const futureReturn = steps
              .slice(position)
              .filter((later) => later.inMask)
              .reduce((total, later) => total + later.reward, 0);
            expect(advantages[position]).toBeCloseTo(futureReturn - step.value, 8);
            expect(returns[position]).toBeCloseTo(futureReturn, 8);
          });
        },
      ),
      { seed: 13, numRuns: 200 },
    );
  });
});

describe('buildGaeMask', () => {
  it('should keep the loss mask for policy tokens and span first policy token to the end for all tokens', () => {
    expect(buildGaeMask([0, 1, 0, 1], 'policy-tokens')).toEqual([0, 1, 0, 1]);
    expect(buildGaeMask([0, 1, 0, 1], 'all-tokens')).toEqual([0, 1, 1, 1]);
    expect(buildGaeMask([0, 0], 'all-tokens')).toEqual([0, 0]);
  });
});

describe('computeTurnGae', () => {
  it('should make each policy turn one step valued at its first position (hand-computed)', () => {
    // Positions: 0 context, 1–2 turn 1, 3 user, 4–6 turn 2; terminal reward 1 on the last policy token,
    // a KL penalty −0.1 on position 1. V(turn 1) = 0.2 at position 1, V(turn 2) = 0.5 at position 4.
    const lossMask = [0, 1, 1, 0, 1, 1, 1];
    const rewards = [0, -0.1, 0, 0, 0, 0, 1];
    const values = [9, 0.2, 9, 9, 0.5, 9, 9];
    const { advantages, returns } = computeTurnGae({ rewards, values, lossMask, gamma: 0.9, lambda: 0.8 });
    const a2 = 1 - 0.5; // δ₂ = r₂ − V₂ (nothing after the last turn)
    const a1 = -0.1 + 0.9 * 0.5 - 0.2 + 0.9 * 0.8 * a2;
    expect(advantages).toEqual([0, a1, a1, 0, a2, a2, a2].map((value) => expect.closeTo(value, 10)));
    expect(returns).toEqual([0, a1 + 0.2, 0, 0, a2 + 0.5, 0, 0].map((value) => expect.closeTo(value, 10)));
    expect(buildGaeMask(lossMask, 'turns')).toEqual([0, 1, 0, 0, 1, 0, 0]);
  });

  it('should give replies sampled from one context advantages that differ only by their returns', () => {
    const lossMask = [0, 0, 1, 1];
    const shared = { lossMask, gamma: 1, lambda: 1 };
    const first = computeTurnGae({ ...shared, rewards: [0, 0, 0, 0.3], values: [0, 9, 0.25, 0.7] });
    const second = computeTurnGae({ ...shared, rewards: [0, 0, 0, -0.1], values: [0, 9, 0.25, 0.9] });
    expect(first.advantages[2]).toBeCloseTo(0.05, 10);
    expect(second.advantages[3]).toBeCloseTo(-0.35, 10);
    expect((first.advantages[3] ?? 0) - (second.advantages[2] ?? 0)).toBeCloseTo(0.4, 10);
  });
});
