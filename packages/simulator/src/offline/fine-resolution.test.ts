import { proposedChangeOf } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { coarseChange, createOfflineSimulator, fineChange, quantizeScore } from './offline-simulator';
import { zhProfile } from './test/synthetic-profiles';

const REPLIES = [
  '立伟把你熬夜画的别墅方案私下改了，换谁都会憋屈吧？',
  '你在别墅项目里一直撑着，把设计图一版版熬出来，真的很了不起！',
  '要不你先把分股的想法写下来，约立伟找个安静的地方谈一次？',
  '嗯嗯，我在听，你慢慢说。',
  '别难过了，一切都会好起来的。',
  '我懂你我懂你我懂你我懂你，不不不不不。',
  '哦。',
];

async function changesOf(resolution: 'steps' | 'fine'): Promise<number[]> {
  const simulator = createOfflineSimulator({ preset: 'rlver-train', resolution, noise: 0 });
  const profile = zhProfile('e1');
  const { state } = await simulator.doStart({ profile, seed: 5 });
  const changes: number[] = [];
  for (const reply of REPLIES) changes.push(proposedChangeOf(await simulator.doRespond({ state, reply })));
  return changes;
}

describe("offline simulated user, resolution 'fine'", () => {
  it('should move by the judgement in whole points where steps move by ±5 / ±10, ranking replies alike', async () => {
    const steps = await changesOf('steps');
    const fine = await changesOf('fine');
    // Steps land on the reference's values; fine changes are whole points that fall in the same step.
    for (const change of steps) expect([-20, -10, -5, 5, 10]).toContain(change);
    fine.forEach((change, index) => {
      expect(Number.isInteger(change)).toBe(true);
      expect(quantizeScore(change)).toBe(steps[index]);
    });
    // Fine tells apart replies the steps tie.
    const tied = steps.flatMap((change, index) =>
      steps.slice(index + 1).map((other, offset) => [index, index + 1 + offset, change === other] as const),
    );
    const separated = tied.filter(([a, b, same]) => same && steps[a] !== -20 && fine[a] !== fine[b]);
    expect(separated.length).toBeGreaterThan(0);
    // Broken text is −20 in both, intact replies never reach it.
    expect(steps[5]).toBe(-20);
    expect(fine[5]).toBe(-20);
    expect(fine.filter((_, index) => index !== 5).every((change) => change >= -18)).toBe(true);
  });

  it('should keep broken text at −20 whatever the noise, and intact replies within [−18, 10]', () => {
    expect(fineChange(-24, -23.2)).toBe(-20);
    expect(fineChange(-20, -19.1)).toBe(-20);
    expect(fineChange(-17.5, -18.4)).toBe(-18);
    expect(fineChange(12, 12.6)).toBe(10);
    expect(fineChange(-3.2, -2.6)).toBe(-3);
  });

  it('should never let the noise sink an intact reply to −20 in steps, nor lift broken text out of it', () => {
    // An intact reply at the floor (−17.5) with noise −0.9: −10, not the −20 of broken text (quantizeScore gives −20).
    expect(quantizeScore(-18.4)).toBe(-20);
    expect(coarseChange(-17.5, -18.4)).toBe(-10);
    expect(coarseChange(-19, -18.2)).toBe(-20);
    expect(coarseChange(-24, -23.1)).toBe(-20);
    expect(coarseChange(-7.5, -8.3)).toBe(-10);
    expect(coarseChange(7.5, 8.2)).toBe(10);
  });
});
