import { STRATEGY_LABELS } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../run-episode';
import { createScriptedUserSimulator, createTestProfile } from '../test/index';
import { createTemplatePolicy } from './create-template-policy';
import { extractGrounding } from './extract-grounding';
import { REPLY_TEMPLATES } from './reply-templates';

const request = (user: string) => ({
  messages: [
    { role: 'system' as const, content: 's' },
    { role: 'user' as const, content: user },
  ],
});

describe('createTemplatePolicy', () => {
  it('should name the policy after its label and answer in the language of the user', async () => {
    const policy = createTemplatePolicy({ label: 'deep_empathy', seed: 1 });
    const [zh, en] = await policy.doAct({
      requests: [request('我最近压力好大，睡不着。'), request('I cannot sleep lately.')],
    });
    expect(policy.policyId).toBe('template:deep_empathy');
    expect(zh?.text).toMatch(/[\u4e00-\u9fa5]/);
    expect(en?.text).toMatch(/^[\x20-\x7e—]+$/);
  });

  it('should ground a reply in the quoted phrase or the person the user named', async () => {
    const policy = createTemplatePolicy({ label: 'deep_empathy', seed: 2 });
    const [quoted] = await policy.doAct({ requests: [request('他居然说“你根本不在乎这个家”，我气坏了。')] });
    expect(quoted?.text).toContain('你根本不在乎这个家');
    const questions = createTemplatePolicy({ label: 'perspective_taking', seed: 3 });
    const [person] = await questions.doAct({ requests: [request('My boss yelled at me in front of everyone')] });
    expect(person?.text).toContain('your boss');
  });

  it('should not repeat a reply verbatim within a dialogue while templates remain', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [{ message: '我室友又把我的东西弄坏了，我也不知道该怎么办。', delta: 0 }],
    });
    for (const label of ['validation', 'advice', 'generic_comfort'] as const) {
      const trajectory = await runEpisode({
        profile: createTestProfile({ lang: 'zh', first_talk: '唉，最近和室友闹翻了。' }),
        seed: 4,
        simulator,
        policy: createTemplatePolicy({ label, seed: 4 }),
      });
      const replies = trajectory.turns.slice(0, 3).map((turn) => turn.reply);
      expect(new Set(replies).size).toBe(3);
    }
  });

  it('should be deterministic for a seed and vary across seeds', async () => {
    const replies = async (seed: number) =>
      (
        await createTemplatePolicy({ label: 'praise', seed }).doAct({
          requests: [request('I finally said what I think at the meeting.')],
        })
      )[0]?.text;
    expect(await replies(5)).toBe(await replies(5));
    const distinct = new Set(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(replies)));
    expect(distinct.size).toBeGreaterThan(1);
  });

  it('should have templates for every label in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const label of STRATEGY_LABELS) expect(REPLY_TEMPLATES[lang][label].length).toBeGreaterThanOrEqual(3);
    }
  });

  it('should reject an unknown label naming the valid ones', () => {
    expect(() => createTemplatePolicy({ label: 'flattery' as never, seed: 1 })).toThrow(
      /unknown strategy label "flattery"; use one of: praise/,
    );
  });
});

describe('extractGrounding', () => {
  it('should find quoted phrases, relations and names', () => {
    expect(extractGrounding('我妈说“你就是太懒”', 'zh')).toEqual({ quote: '你就是太懒', person: '你妈', quoted: true });
    expect(extractGrounding('小林又放我鸽子了，真烦人', 'zh').person).toBe('小林');
    expect(extractGrounding('Yesterday I asked Daniel for help and he ignored me.', 'en').person).toBe('Daniel');
    // Sentence openers are no names, wherever the sentence starts: after a comma, a line break, a quote or a dash.
    expect(extractGrounding('I tried, That did not help, and Priya just laughed.', 'en').person).toBe('Priya');
    expect(extractGrounding('It was a long week.\nThat hurt more than Mark knows.', 'en').person).toBe('Mark');
    expect(extractGrounding('She said "Honestly, forget it" and left.', 'en').person).toBeUndefined();
    expect(extractGrounding('I waited — Nobody came.', 'en').person).toBeUndefined();
    expect(extractGrounding('ok', 'en')).toEqual({ quote: undefined, person: undefined, quoted: false });
  });
});
