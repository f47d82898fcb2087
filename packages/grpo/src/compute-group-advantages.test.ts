import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeGroupAdvantages, findUniformGroups, groupMeanAndStd } from './compute-group-advantages';

describe('computeGroupAdvantages', () => {
  it('should normalise by group mean and unbiased group std (hand example)', () => {
    // group a: 1, 0, 0.5, 0.5 → mean 0.5, unbiased std sqrt(0.5 / 3); group b: 0.2, 0.6 → mean 0.4, std sqrt(0.08)
    const { advantages, groups } = computeGroupAdvantages({
      scores: [1, 0, 0.5, 0.5, 0.2, 0.6],
      groupIds: ['a', 'a', 'a', 'a', 'b', 'b'],
      scaleRewards: 'group',
    });
    const stdA = Math.sqrt(0.5 / 3);
    const stdB = Math.sqrt(0.08);
    const expected = [0.5 / (stdA + 1e-6), -0.5 / (stdA + 1e-6), 0, 0, -0.2 / (stdB + 1e-6), 0.2 / (stdB + 1e-6)];
    expected.forEach((value, index) => {
      expect(advantages[index]).toBeCloseTo(value, 8);
    });
    expect(groups.map((group) => [group.groupId, group.size])).toEqual([
      ['a', 4],
      ['b', 2],
    ]);
    expect(groups[0]?.std).toBeCloseTo(stdA, 12);
  });

  it('should use the batch std for batch scaling and no scaling for none (Dr. GRPO)', () => {
    const scores = [1, 0, 0.2, 0.6];
    const groupIds = ['a', 'a', 'b', 'b'];
    const batchStd = groupMeanAndStd(scores).std;
    const batch = computeGroupAdvantages({ scores, groupIds, scaleRewards: 'batch' });
    expect(batch.advantages[0]).toBeCloseTo(0.5 / (batchStd + 1e-6), 8);
    expect(batch.advantages[3]).toBeCloseTo(0.2 / (batchStd + 1e-6), 8);
    const none = computeGroupAdvantages({ scores, groupIds, scaleRewards: 'none' });
    [0.5, -0.5, -0.2, 0.2].forEach((value, index) => {
      expect(none.advantages[index]).toBeCloseTo(value, 12);
    });
  });

  it('should treat a group of one as mean 0, std 1 (spec §6.2)', () => {
    const { advantages, groups } = computeGroupAdvantages({ scores: [0.7], groupIds: ['solo'], scaleRewards: 'group' });
    expect(advantages[0]).toBeCloseTo(0.7 / (1 + 1e-6), 12);
    expect(groups[0]).toMatchObject({ mean: 0, std: 1, size: 1 });
  });

  it('should give every group of two or more a mean advantage of 0, for every scaling', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.double({ min: 0, max: 1, noNaN: true })), {
          minLength: 2,
          maxLength: 40,
        }),
        fc.constantFrom('group' as const, 'batch' as const, 'none' as const),
        (members, scaleRewards) => {
          const groupIds = members.map(([group]) => `g${group}`);
          const scores = members.map(([, score]) => score);
          const { advantages } = computeGroupAdvantages({ scores, groupIds, scaleRewards });
          for (const groupId of new Set(groupIds)) {
            const inGroup = advantages.filter((_, index) => groupIds[index] === groupId);
            if (inGroup.length < 2) continue;
            expect(inGroup.reduce((a, b) => a + b, 0) / inGroup.length).toBeCloseTo(0, 6);
          }
          expect(advantages.every(Number.isFinite)).toBe(true);
        },
      ),
      { seed: 17, numRuns: 200 },
    );
  });
});

describe('findUniformGroups', () => {
  it('should find groups of two or more whose scores are all equal', () => {
    const uniform = findUniformGroups([1, 1, 0, 1, 0.3, 0.5], ['a', 'a', 'b', 'b', 'solo', 'c']);
    expect([...uniform]).toEqual(['a']);
    expect([...findUniformGroups([0.5, 0.5, 0.5], ['x', 'x', 'x'])]).toEqual(['x']);
  });
});
