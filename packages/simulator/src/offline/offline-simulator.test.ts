import type { Profile, SimulatorState } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, isGoodbye } from '../emotion/emotion-model';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';
import { enProfile, zhProfile } from './test/synthetic-profiles';
import { NEED_HINTS } from './user-reply-texts';

const sage = createOfflineSimulator({ preset: 'sage' });
const train = createOfflineSimulator({ preset: 'rlver-train' });

const ZH_REPLIES = [
  '立伟把你熬夜画的别墅方案私下改了，换谁都会憋屈吧？',
  '你在别墅项目里一直撑着，把设计图一版版熬出来，真的很了不起！',
  '要不你先把分股的想法写下来，约立伟找个安静的地方谈一次？',
  '嗯嗯，我在听，你慢慢说。',
  '别难过了，一切都会好起来的。',
  '鬯鬲鬻鼎鼐鼗鼙鼷齁齉龃龉龌龊',
  '哦。',
  'You should just talk to him about it, honestly.',
];

async function converse(simulator: typeof sage, profile: Profile, replies: readonly string[], seed = 1) {
  let { state } = await simulator.doStart({ profile, seed });
  const turns = [];
  for (const reply of replies) {
    const turn = await simulator.doRespond({ state, reply });
    turns.push(turn);
    state = turn.state;
    if (turn.ended) break;
  }
  return turns;
}

describe('createOfflineSimulator', () => {
  it('should open with first_talk at 40 in sage and generate an opener at 30 in rlver-train', async () => {
    const profile = zhProfile('e2');
    const opened = await sage.doStart({ profile, seed: 3 });
    expect(opened.message).toBe(profile.first_talk);
    expect(opened.emotion).toBe(40);
    expect(opened.calls).toBe(0);
    const generated = await train.doStart({ profile, seed: 3 });
    expect(generated.emotion).toBe(30);
    expect(generated.message).not.toBe(profile.first_talk);
    expect(generated.message).not.toContain(profile.task);
    const withoutOpener = await sage.doStart({ profile: { ...profile, first_talk: undefined }, seed: 3 });
    expect(withoutOpener.message.length).toBeGreaterThan(5);
  });

  it('should be deterministic for a seed and never mutate the input state', async () => {
    const profile = enProfile('r3');
    const { state } = await sage.doStart({ profile, seed: 9 });
    const frozen = structuredClone(state);
    const reply = 'Clara inviting the estate agent without telling you — maybe she felt the cottage was a burden?';
    const first = await sage.doRespond({ state, reply });
    const second = await sage.doRespond({ state, reply });
    expect(state).toEqual(frozen);
    expect({ ...second, latencyMs: 0 }).toEqual({ ...first, latencyMs: 0 });
    expect(first.state.history).toHaveLength(3);
    expect(first.calls).toBe(0);
  });

  it('should write inner thoughts in the profile language that explain the change', async () => {
    const [zhTurn] = await converse(sage, zhProfile('e1'), [ZH_REPLIES[1] as string]);
    expect(zhTurn?.innerThoughts).toMatch(/情绪变化：[+-]\d+$/);
    expect(zhTurn?.innerThoughts).toMatch(/夸/);
    const [enTurn] = await converse(sage, enProfile('e1'), [
      'You repainted that kitchen every weekend on your own — I really admire how you kept going, you handled it so well!',
    ]);
    expect(enTurn?.innerThoughts).toMatch(/Emotion change: [+-]\d+$/);
    expect(enTurn?.innerThoughts).toMatch(/praised/);
  });

  it('should answer garbled text with confusion and a strong drop', async () => {
    const [turn] = await converse(train, zhProfile('e2'), [ZH_REPLIES[5] as string]);
    expect(turn?.delta).toBe(-20);
    expect(turn?.message).toMatch(/看不懂|乱七八糟/);
    const [clamped] = await converse(sage, zhProfile('e2'), [ZH_REPLIES[5] as string]);
    expect(clamped?.delta).toBe(-10);
  });

  it('should reveal story stages as trust grows and hint at the hidden need when it is not met', async () => {
    const profile = zhProfile('r2', '被动型');
    const turns = await converse(sage, profile, ['别难过了，一切都会好起来的。', '嗯嗯，我懂。'], 4);
    expect(turns.some((turn) => turn.message.includes('不知道下一步该怎么办'))).toBe(true);
    const praised = await converse(
      sage,
      zhProfile('e1'),
      [ZH_REPLIES[1] as string, '熬夜画别墅设计图那段日子，你一个人把项目扛下来，太棒了！'],
      2,
    );
    expect(praised.some((turn) => /我熬夜画完了别墅的设计图|客户夸了别墅方案/.test(turn.message))).toBe(true);
  });

  it('should voice a missed need more plainly each time, without quotation marks', async () => {
    const replies = ['这样啊，我明白你的意思了。', '嗯，原来是这么回事。', '好的，我大概了解情况了。'];
    const turns = await converse(sage, zhProfile('e2', '回避型'), replies, 5);
    expect(turns).toHaveLength(3);
    turns.forEach((turn, index) => {
      expect(turn.message).toContain(NEED_HINTS.e2.zh[index]);
      expect(turn.message).not.toMatch(/[“”"]/);
    });
  });

  it('should say goodbye at band S or F', async () => {
    const down = await converse(
      sage,
      zhProfile('e3', '负面型'),
      Array.from({ length: 10 }, (_, index) => `别难过了，一切都会好起来的${'。'.repeat(index + 1)}`),
    );
    const last = down.at(-1);
    expect(last?.band).toBe('F');
    expect(isGoodbye(last?.message ?? '')).toBe(true);
    expect(last?.ended).toBe('goodbye');
  });

  it('should keep clamps, bands and termination consistent under both presets (property)', async () => {
    const profiles = [zhProfile('e1'), zhProfile('r2', '负面型'), zhProfile('e3', '回避型')];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(sage, train),
        fc.constantFrom(...profiles),
        fc.array(fc.constantFrom(...ZH_REPLIES), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        async (simulator, profile, replies, seed) => {
          let state: SimulatorState = (await simulator.doStart({ profile, seed })).state;
          for (const reply of replies) {
            const turn = await simulator.doRespond({ state, reply });
            expect(turn.emotion).toBeLessThanOrEqual(100);
            expect(turn.emotion - state.emotion).toBe(turn.delta);
            if (simulator.settings.deltaClamp !== null)
              expect(Math.abs(turn.delta)).toBeLessThanOrEqual(simulator.settings.deltaClamp);
            expect(turn.band).toBe(bandOf(turn.emotion));
            expect(turn.state.history.at(-1)?.['emotion-point']).toBe(turn.emotion);
            if (turn.band === 'S' || turn.band === 'F') expect(turn.ended).toBe('goodbye');
            if (simulator === sage && turn.emotion < 10) expect(turn.ended).toBeDefined();
            if (simulator === train && turn.emotion <= 0) expect(turn.ended).toBeDefined();
            if (turn.ended === undefined) expect(isGoodbye(turn.message)).toBe(false);
            state = turn.state;
            if (turn.ended) break;
          }
        },
      ),
      { numRuns: 60, seed: 42 },
    );
  });

  it('should take always-praise better from users who want praise (e1) than from users who want solutions (r2)', async () => {
    const praise = [
      '你在这件事里做得真的很好，换作别人早就放弃了！',
      '我特别佩服你，一直那么坚持，你超棒的！',
      '你的勇气和担当让人敬佩，这件事你处理得非常好！',
      '说真的，你已经做得够出色了，值得骄傲。',
      '能扛到现在，你真厉害，我很欣赏你这份韧劲！',
      '你处理得很冷静，也很有分寸，做得太对了。',
      '换我未必能做到你这样，你真的了不起！',
      '你付出的那些努力，我全都看在眼里，真棒！',
      '你一直在认真面对，这份用心特别难得！',
    ];
    const changes: Record<'e1' | 'r2', number[]> = { e1: [], r2: [] };
    for (const profile of loadScenarioSet('zh', 'test')) {
      const key = profile.intention;
      if (key !== 'e1' && key !== 'r2') continue;
      const turns = await converse(sage, profile, praise, 7);
      changes[key].push(...turns.map((turn) => turn.delta));
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(changes.e1.length).toBeGreaterThan(20);
    expect(changes.r2.length).toBeGreaterThan(20);
    // Praise in words that fit anyone, said to a user who cools down, no longer carries a dialogue to success (the
    // mood weighs as the recorded SAGE judge's does, docs/decisions/2026-11-27-mood-momentum-fidelity.md), but it is
    // still what an e1 user wants and what an r2 user does not: each turn lands better with the first.
    expect(mean(changes.e1)).toBeGreaterThan(mean(changes.r2) + 3);
    expect(mean(changes.r2)).toBeLessThan(-5);
  });

  it('should reject an unknown preset naming the field', () => {
    expect(() => createOfflineSimulator({ preset: 'easy' as 'sage' })).toThrow(/preset/);
  });
});
