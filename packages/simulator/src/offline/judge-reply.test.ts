import type { IntentionKey, PersonalityType, StrategyLabel, StrategyTagResult } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../profiles/generator/topics';
import { type JudgeInput, judgeReply } from './judge-reply';
import { quantizeScore } from './offline-simulator';
import { buildStoryIndex } from './story-index';
import { zhProfile } from './test/synthetic-profiles';

/** Tags as the tagger would return them: one cue per label (questions: `questions` cues). */
function tags(labels: StrategyLabel[], questions = 0): StrategyTagResult {
  const all: StrategyLabel[] = [...labels, ...Array.from({ length: questions }, () => 'question' as const)];
  return {
    labels: [...new Set(all)],
    cues: all.map((label, index) => ({ label, cue: 'x', start: index, end: index + 1 })),
  };
}

const STORY = buildStoryIndex(zhProfile('e1'), 'zh');
const NEUTRAL_REPLY = '这件事换谁都不好受，你后来怎么想的呢？我挺想听你多说一些的。';

function judge(overrides: Partial<JudgeInput> & { intention: IntentionKey }) {
  return judgeReply({
    reply: NEUTRAL_REPLY,
    lang: 'zh',
    personality: 'passive' as PersonalityType,
    story: STORY,
    earlierReplies: [],
    lastUserMessage: '',
    emotion: 50,
    recentDeltas: [],
    tags: tags([]),
    ...overrides,
  });
}

const codes = (judgement: ReturnType<typeof judgeReply>) => judgement.reasons.map((reason) => reason.code);

describe('judgeReply', () => {
  it('should lower a user who wants to be listened to when given advice, and lift one who wants solutions', () => {
    const listener = judge({ intention: 'e2', tags: tags(['advice']) });
    const solver = judge({ intention: 'r2', tags: tags(['advice']) });
    expect(quantizeScore(listener.score)).toBeLessThan(0);
    expect(codes(listener)).toContain('disliked');
    expect(quantizeScore(solver.score)).toBeGreaterThan(0);
  });

  it('should lift a user who wants praise with specific praise', () => {
    const praised = judge({ intention: 'e1', tags: tags(['praise']) });
    const plain = judge({ intention: 'e1', tags: tags([]) });
    expect(quantizeScore(praised.score)).toBeGreaterThan(0);
    expect(praised.score).toBeGreaterThan(plain.score + 3);
    expect(praised.reasons.find((reason) => reason.code === 'need-met')?.detail).toBe('praise');
  });

  it('should lower a user who wants deep empathy with generic comfort', () => {
    const comforted = judge({ intention: 'e3', tags: tags(['generic_comfort']) });
    expect(quantizeScore(comforted.score)).toBeLessThan(0);
    expect(codes(comforted)).toEqual(expect.arrayContaining(['shallow-comfort', 'disliked']));
  });

  it('should treat formulaic empathy without story details as shallow for an e3 user', () => {
    const formulaic = judge({
      intention: 'e3',
      reply: '你一定很难受吧，真的辛苦了，抱抱你，都会好起来的。',
      tags: tags(['deep_empathy']),
    });
    const specific = judge({
      intention: 'e3',
      reply: '熬夜画完的别墅方案被立伟私下改掉，那种被抹掉的滋味一定很憋屈。',
      tags: tags(['deep_empathy']),
    });
    expect(codes(formulaic)).toContain('shallow-comfort');
    expect(codes(specific)).toContain('need-met');
    expect(specific.score).toBeGreaterThan(formulaic.score);
  });

  it('should make avoidant personas dislike probing questions', () => {
    const probing = tags([], 2);
    const avoidant = judge({ intention: 'e2', personality: 'avoidant', tags: probing });
    const passive = judge({ intention: 'e2', personality: 'passive', tags: probing });
    expect(codes(avoidant)).toContain('probing');
    expect(avoidant.score).toBeLessThan(passive.score - 2);
  });

  it('should make passive personas like gentle listening', () => {
    const listening = tags(['active_listening']);
    expect(codes(judge({ intention: 'r1', personality: 'passive', tags: listening }))).toContain('gentle');
    expect(codes(judge({ intention: 'r1', personality: 'negative', tags: listening }))).not.toContain('gentle');
  });

  it('should make negative personas react harder', () => {
    const bad = { intention: 'e2' as const, tags: tags(['advice', 'guided_reflection']) };
    expect(judge({ ...bad, personality: 'negative' }).score).toBeLessThan(
      judge({ ...bad, personality: 'passive' }).score - 2,
    );
    const great = {
      intention: 'e1' as const,
      tags: tags(['praise', 'validation']),
      reply: '熬夜画完别墅设计图还被立伟改方案，你一直撑着把项目做完，真的很了不起！',
    };
    const negative = judge({ ...great, personality: 'negative' });
    expect(codes(negative)).toContain('temper');
    expect(negative.reasons.find((reason) => reason.code === 'temper')?.points).toBeGreaterThan(0);
  });

  it('should judge garbled text strongly negative', () => {
    const garbled = judge({ intention: 'e1', reply: '鬯鬲鬻鼎鼐鼗鼙鼷齁齉龃龉龌龊', tags: tags(['praise']) });
    expect(garbled.garbled).toBe(true);
    expect(quantizeScore(garbled.score)).toBe(-20);
    expect(quantizeScore(judge({ intention: 'e1', reply: '#### $$$ @@@ !!! ???', tags: tags([]) }).score)).toBe(-20);
  });

  it('should penalise opening every reply with the same sentence, more with every time', () => {
    const earlier = ['我真的很佩服你。你那天的处理很冷静。', '我真的很佩服你。换作别人早就放弃了。'];
    const once = judge({
      intention: 'e1',
      tags: tags(['praise']),
      earlierReplies: earlier.slice(0, 1),
      reply: '我真的很佩服你。你一直没有放弃。',
    });
    const twice = judge({
      intention: 'e1',
      tags: tags(['praise']),
      earlierReplies: earlier,
      reply: '我真的很佩服你。你一直没有放弃。',
    });
    const fresh = judge({
      intention: 'e1',
      tags: tags(['praise']),
      earlierReplies: earlier,
      reply: '你一直没有放弃，这点真的难得。',
    });
    expect(once.reasons.find((reason) => reason.code === 'same-opening')?.points).toBe(-1);
    expect(twice.reasons.find((reason) => reason.code === 'same-opening')?.points).toBe(-2);
    expect(fresh.reasons.some((reason) => reason.code === 'same-opening')).toBe(false);
  });

  it('should penalise repeating an earlier reply, more with every copy', () => {
    const listening = { intention: 'e2' as const, tags: tags(['active_listening']) };
    const first = judge(listening);
    const once = judge({ ...listening, earlierReplies: [NEUTRAL_REPLY] });
    const twice = judge({ ...listening, earlierReplies: [NEUTRAL_REPLY, `${NEUTRAL_REPLY}。`] });
    expect(codes(once)).toContain('repeated-reply');
    expect(once.score).toBeLessThan(first.score - 2);
    expect(twice.score).toBeLessThan(once.score - 2);
    expect(quantizeScore(first.score)).toBeGreaterThan(0);
    expect(quantizeScore(twice.score)).toBeLessThan(0);
  });

  it('should find a reply that mixes many strategies scattered', () => {
    const focused = judge({ intention: 'e3', tags: tags(['deep_empathy', 'active_listening']) });
    const everything = judge({
      intention: 'e3',
      tags: tags(['deep_empathy', 'active_listening', 'praise', 'validation', 'information']),
    });
    expect(codes(focused)).not.toContain('scattered');
    expect(everything.reasons.find((reason) => reason.code === 'scattered')?.points).toBeLessThanOrEqual(-2);
  });

  it('should reward grounding in the story and in what the user just said', () => {
    const lastUserMessage = '庆功宴上立伟一句都没提我，别墅方案明明是我熬夜画的。';
    const generic = judge({
      intention: 'e2',
      reply: '发生这样的事情确实不容易，你现在心里是什么感觉呢？慢慢说，我都在听。',
      lastUserMessage,
    });
    const grounded = judge({
      intention: 'e2',
      reply: '立伟把你熬夜画的别墅方案私下改了，庆功宴上还只字不提你，换谁都会寒心吧？',
      lastUserMessage,
    });
    expect(codes(grounded)).toEqual(expect.arrayContaining(['grounded', 'echo']));
    expect(grounded.details).toEqual(expect.arrayContaining(['别墅']));
    expect(grounded.score).toBeGreaterThan(generic.score + 2);
  });

  it('should not credit a reply that is mostly the user’s own words said back', () => {
    const lastUserMessage = '庆功宴上立伟一句都没提我，别墅方案明明是我熬夜画的，组里的人都知道。';
    const saidBack = judge({
      intention: 'e2',
      reply: '真的很不容易，庆功宴上立伟一句都没提你，别墅方案明明是你熬夜画的，组里的人都知道。',
      lastUserMessage,
    });
    const grounded = judge({
      intention: 'e2',
      reply: '立伟把你熬夜画的别墅方案私下改了，庆功宴上还只字不提你，换谁都会寒心吧？',
      lastUserMessage,
    });
    expect(codes(saidBack)).toContain('my-own-words');
    expect(codes(grounded)).not.toContain('my-own-words');
    expect(saidBack.score).toBeLessThan(grounded.score - 5);
  });

  it('should not credit the user’s earlier words handed back in the second person', () => {
    const told = '庆功宴上立伟一句都没提我，别墅方案明明是我熬夜画的，组里的人都知道。';
    const reply = '我懂。庆功宴上立伟一句都没提你，别墅方案明明是你熬夜画的，你后来呢？';
    const base = { intention: 'e2' as const, reply, lastUserMessage: '嗯，就是这样。' };
    const handedBack = judge({ ...base, userMessages: [told, '嗯，就是这样。'] });
    const unknown = judge({ ...base, userMessages: ['嗯，就是这样。'] });
    expect(codes(handedBack)).toContain('my-own-words');
    expect(codes(unknown)).not.toContain('my-own-words');
    expect(handedBack.score).toBeLessThan(unknown.score - 3);
  });

  it('should penalise a reply in the wrong language, a curt reply and a wall of text', () => {
    expect(codes(judge({ intention: 'e2', reply: 'I hear you, that sounds really frustrating for you.' }))).toContain(
      'language-mismatch',
    );
    expect(codes(judge({ intention: 'e2', reply: '哦。' }))).toContain('too-short');
    const wall = TOPICS.flatMap((topic) => topic.stages.map((stage) => stage.zh)).join('');
    expect(wall.length).toBeGreaterThan(900);
    expect(codes(judge({ intention: 'e2', reply: wall }))).toContain('too-long');
  });

  it('should let the mood colour the judgement', () => {
    const happy = judge({ intention: 'e2', emotion: 90, recentDeltas: [10, 10] });
    const upset = judge({ intention: 'e2', emotion: 15, recentDeltas: [-10, -10] });
    expect(happy.score - upset.score).toBeGreaterThan(6);
  });

  it('should still lift a cooled user with a reply that meets the need, so recovery is possible', () => {
    const lastUserMessage = '庆功宴上立伟一句都没提我，别墅方案明明是我熬夜画的。';
    const reply = '立伟在庆功宴上只字不提你熬夜画的别墅方案，你一直撑着把项目做完，真的很了不起！';
    const cooled = { emotion: 30, recentDeltas: [-5, -5], lastUserMessage, reply };
    const needed = judge({ ...cooled, intention: 'e1', tags: tags(['praise']) });
    const missed = judge({ ...cooled, intention: 'r2', tags: tags(['praise']) });
    const moodOf = (judgement: { reasons: readonly { code: string; points: number }[] }) =>
      judgement.reasons.find((reason) => reason.code === 'mood')?.points ?? 0;
    // A reply that meets the need escapes half of the bad mood.
    expect(moodOf(needed)).toBeLessThan(0);
    expect(moodOf(needed)).toBeCloseTo(moodOf(missed) / 2, 0);
    expect(quantizeScore(needed.score)).toBeGreaterThan(0);
    expect(quantizeScore(missed.score)).toBeLessThan(0);
  });

  it('should carry the last change forward more than the one before (emotional momentum)', () => {
    const moodOf = (recentDeltas: number[]) =>
      judge({ intention: 'e2', emotion: 40, recentDeltas }).reasons.find((reason) => reason.code === 'mood')?.points ??
      0;
    expect(moodOf([-5, 10])).toBeGreaterThan(4);
    expect(moodOf([10, -5])).toBeLessThan(0);
  });

  it('should measure the mood from the score the dialogue started at', () => {
    const atStart = judge({ intention: 'e2', emotion: 30, startEmotion: 30 });
    const belowSage = judge({ intention: 'e2', emotion: 30 });
    expect(atStart.reasons.find((reason) => reason.code === 'mood')).toBeUndefined();
    expect(belowSage.reasons.find((reason) => reason.code === 'mood')?.points).toBeLessThan(0);
  });

  it('should count a short message as picked up with a few of its words, and not fault ignoring small talk', () => {
    const lastUserMessage = '嗯。我就是想不通立伟为什么要这样。';
    const picked = judge({
      intention: 'r3',
      reply: '立伟为什么要这样，我也一直在想，会不会是他心里也有压力？',
      lastUserMessage,
    });
    expect(codes(picked)).toContain('echo');
    const smallTalk = judge({ intention: 'r3', reply: NEUTRAL_REPLY, lastUserMessage: '嗯，好吧。' });
    expect(codes(smallTalk)).not.toContain('no-echo');
  });
});

describe('quantizeScore', () => {
  it('should map scores to the reference steps', () => {
    expect([12, 8, 0.1, 0, -7.9, -8, -17.9, -18].map(quantizeScore)).toEqual([10, 10, 5, -5, -5, -10, -10, -20]);
  });
});
