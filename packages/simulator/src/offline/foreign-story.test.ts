import { type Language, proposedChangeOf, type SimulatorState } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { foreignStory } from './foreign-story';
import { judgeInputOfState } from './judge-input-of-state';
import { judgeReply } from './judge-reply';
import { JUDGE_WEIGHTS } from './judge-weights';
import { createOfflineSimulator } from './offline-simulator';
import { readOfflineMemory } from './offline-state';
import { createOraclePolicy } from './test/oracle-policy';

const USER_ZH = '儿子最近整天闷在房间里打游戏，成绩一落千丈，我跟他说什么他都不理我。';
const OTHER_ZH =
  '听起来你和婆婆之间的矛盾已经压了很久了。装修房子的事情上她一直插手，老公又总是两边和稀泥，婚礼前那次争吵更是让你心里憋屈。彩礼、嫁妆、婚房的事一桩接一桩，换谁都会累。也许可以先和老公单独聊聊，让他明白你需要他站在你这边。';
const REAL_ZH =
  '儿子整天闷在房间里不理你，成绩又一落千丈，当妈的看着真的着急又心疼。他打游戏也许是在躲什么，要不要先找个他心情好的时候聊聊他最近在学校的事？';

describe('foreignStory (a reply written for another person’s story)', () => {
  it('should find the other story’s words and nothing taken up of the last message', () => {
    const other = foreignStory(OTHER_ZH, 'zh', USER_ZH, [USER_ZH]);
    expect(other.pickedUp).toBe(0);
    expect(other.foreign).toEqual(expect.arrayContaining(['婆婆', '婚礼']));
    const real = foreignStory(REAL_ZH, 'zh', USER_ZH, [USER_ZH]);
    expect(real.pickedUp).toBeGreaterThan(5);
    expect(real.foreign).not.toContain('婆婆');
  });

  it('should count words of this dialogue, the assistant’s earlier replies included, as its own', () => {
    const earlier = '婆婆插手装修、老公和稀泥、婚礼前的争吵、彩礼嫁妆婚房，这些都压在你心上。';
    const fit = foreignStory(OTHER_ZH, 'zh', USER_ZH, [USER_ZH, earlier]);
    expect(fit.foreign).not.toContain('婆婆');
    expect(fit.foreign).not.toContain('婚礼');
  });
});

const PROFILES = 12;
const simulator = createOfflineSimulator({ preset: 'sage' });

/** First judged states of shipped test dialogues, each with its own oracle reply (no ../shared data). */
async function statesWithReplies(lang: Language): Promise<{ state: SimulatorState; reply: string }[]> {
  const states: { state: SimulatorState; reply: string }[] = [];
  for (const [index, profile] of loadScenarioSet(lang, 'test').slice(0, PROFILES).entries()) {
    const { state } = await simulator.doStart({ profile, seed: index + 1 });
    const [output] = await createOraclePolicy({ profile, seed: index + 1 }).doAct({
      requests: [{ messages: [{ role: 'user', content: state.history[0]?.content ?? '' }] }],
    });
    states.push({ state, reply: output?.text ?? '' });
  }
  return states;
}

describe('not-my-story in the judgement (offline user, zh)', () => {
  it('should charge a reply from another dialogue more often than the dialogue’s own reply, and say why', async () => {
    const judged = await statesWithReplies('zh');
    let charged = 0;
    let elsewhere = 0;
    let realCharged = 0;
    let lower = 0;
    for (const [index, { state, reply }] of judged.entries()) {
      const other = judged[(index + 1) % judged.length]?.reply ?? '';
      const copy = await simulator.doRespond({ state, reply: `${other}${OTHER_ZH}` });
      const real = await simulator.doRespond({ state, reply });
      if (copy.innerThoughts.includes('像是说给别人听的')) charged += 1;
      // Or sunk as someone else's: a stranger named, or nothing of it about this user.
      if (/像是说给别人听的|是谁？我根本没提过|对谁都能说/.test(copy.innerThoughts)) elsewhere += 1;
      if (real.innerThoughts.includes('像是说给别人听的')) realCharged += 1;
      if (proposedChangeOf(copy) < proposedChangeOf(real)) lower += 1;
    }
    // Measured on introduction: 6 of 12 copies charged (the others take up a word or two of the opener, or sink for
    // other reasons), 0 real replies, 11 copies judged lower than the real reply; the judge before: 0 charged. With the
    // oracle that tells the other user's scene facts (2026-11-26, judge7): 4 charged, 10 of 12 charged or sunk as
    // someone else's (a stranger's name, one-size), 12 lower.
    expect(charged).toBeGreaterThanOrEqual(4);
    expect(elsewhere).toBeGreaterThanOrEqual(PROFILES - 2);
    expect(realCharged).toBe(0);
    expect(lower).toBeGreaterThanOrEqual(PROFILES - 2);
  });

  it('should sink a reply written to another user when it answers nothing of this one and tells another life', async () => {
    const [base] = loadScenarioSet('zh', 'test');
    if (!base) throw new RangeError('no zh test profile');
    const profile = {
      ...base,
      player: '陈红，四十五岁，中学老师，一个儿子。',
      scene: '儿子读高二，最近整天闷在房间里打游戏，成绩一落千丈。陈红跟他说什么他都不理，她又急又心疼。',
    };
    const { state: start } = await simulator.doStart({ profile, seed: 1 });
    const state = { ...start, history: [{ role: 'user' as const, content: USER_ZH }] };
    const tagger = createRuleTagger();
    const reasonsOf = (reply: string) =>
      judgeReply(judgeInputOfState(state, readOfflineMemory(state).memory, reply, { tags: tagger.tag(reply, 'zh') }))
        .reasons;
    const other = `${OTHER_ZH}婚宴定在酒店，伴娘、司仪和喜糖都是婆婆一手安排的。`;
    const sunk = reasonsOf(other).find((reason) => reason.code === 'not-my-story');
    expect(sunk?.points).toBe(JUDGE_WEIGHTS.brokenReply);
    expect(reasonsOf(REAL_ZH).some((reason) => reason.code === 'not-my-story')).toBe(false);
    const change = proposedChangeOf(await simulator.doRespond({ state, reply: other }));
    expect(change).toBe(-20);
    expect((await simulator.doRespond({ state, reply: other })).innerThoughts).toContain('像是说给别人听的');
  });

  it('should not sink a reply that names this user in full as another person’s story', async () => {
    const [base] = loadScenarioSet('zh', 'test');
    if (!base) throw new RangeError('no zh test profile');
    const profile = {
      ...base,
      player: '* 姓名：陈红\n* 年龄：45岁\n* 职业：中学老师',
      scene: '儿子读高二，最近整天闷在房间里打游戏，成绩一落千丈。陈红跟他说什么他都不理，她又急又心疼。',
    };
    const { state: start } = await simulator.doStart({ profile, seed: 1 });
    const state = { ...start, history: [{ role: 'user' as const, content: USER_ZH }] };
    const memory = readOfflineMemory(state).memory;
    expect(memory.story.selfName).toBe('陈红');
    const tagger = createRuleTagger();
    const reasonsOf = (reply: string) =>
      judgeReply(judgeInputOfState(state, memory, reply, { tags: tagger.tag(reply, 'zh') })).reasons;
    const other = `${OTHER_ZH}婚宴定在酒店，伴娘、司仪和喜糖都是婆婆一手安排的。`;
    const pointsOf = (reply: string) => reasonsOf(reply).find((reason) => reason.code === 'not-my-story')?.points;
    expect(pointsOf(other)).toBe(JUDGE_WEIGHTS.brokenReply);
    // Named, it is still charged for the other life it tells, but not held at the floor as written to someone else.
    const named = pointsOf(`陈红，${other}`);
    expect(named).toBeDefined();
    expect(named).toBeGreaterThan(JUDGE_WEIGHTS.brokenReply);
  });
});
