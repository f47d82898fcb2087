import type { StrategyLabel, StrategyTagResult } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { REASON_TEXTS } from './inner-thought-texts';
import { type JudgeInput, judgeReply } from './judge-reply';
import { saidBefore } from './said-before';
import { buildStoryIndex } from './story-index';
import { zhProfile } from './test/synthetic-profiles';

function tags(labels: StrategyLabel[]): StrategyTagResult {
  return { labels, cues: labels.map((label, index) => ({ label, cue: 'x', start: index, end: index + 1 })) };
}

const STORY = buildStoryIndex(zhProfile('e1'), 'zh');
const USER = ['我为了搬家的事跑了好几趟房东那里', '这周又为了孩子转学的手续熬到半夜', '连周末都在帮同事改方案'];
/** One praise frame, filled each turn with the user's latest words. */
const praise = (slot: string) => `你已经做得很好了。为了${slot}，你一直在想办法，单凭这一点，就能看出你有多用心。`;

function judgeZh(reply: string, turn: number, earlierReplies: string[]) {
  const input: JudgeInput = {
    reply,
    lang: 'zh',
    intention: 'e1',
    personality: 'passive',
    story: STORY,
    earlierReplies,
    lastUserMessage: USER[turn] as string,
    userMessages: USER.slice(0, turn + 1),
    emotion: 50,
    recentDeltas: [],
    tags: tags(['praise']),
  };
  return judgeReply(input);
}

describe('said before (the same frame again with other slot words)', () => {
  const first = praise('搬家的事跑了好几趟房东那里');
  const second = praise('孩子转学的手续熬到半夜');
  const third = praise('帮同事改方案');

  it('should charge a re-filled praise frame and cool further on a repeat of a repeat (zh)', () => {
    const fresh = judgeZh(second, 1, []);
    const again = judgeZh(second, 1, [first]);
    const thrice = judgeZh(third, 2, [first, second]);
    const freshThird = judgeZh(third, 2, []);
    expect(fresh.reasons.some((reason) => reason.code === 'said-before')).toBe(false);
    expect(again.reasons.find((reason) => reason.code === 'said-before')?.points).toBeLessThan(-2);
    expect(again.score).toBeLessThan(fresh.score - 4);
    expect(freshThird.score - thrice.score).toBeGreaterThan(fresh.score - again.score);
  });

  it('should not charge a different reply that uses the same user words', () => {
    const other = '转学手续这么折腾，你还一个人扛到半夜，换谁都会累。孩子那边现在适应得怎么样？';
    expect(saidBefore(other, [first, second], USER, 'zh')).toBeUndefined();
  });

  it('should count the same opening clause in en, and not a different start', () => {
    const earlier = ["I'm here and I'm listening, tell me more about the move.", 'That sounds exhausting.'];
    const users = ['The move took three weekends', 'My landlord kept the deposit'];
    const same = saidBefore("I'm here and I'm listening. The deposit must sting.", earlier, users, 'en');
    expect(same?.repeats).toBe(1);
    expect(same?.detail).toContain("I'm here and I'm listening");
    expect(saidBefore('Keeping the deposit after all that is unfair.', earlier, users, 'en')).toBeUndefined();
  });

  it('should explain itself in words a reader understands', () => {
    expect(REASON_TEXTS['said-before'].en).toContain('said nearly the same thing before');
    expect(REASON_TEXTS['said-before'].zh).toContain('说过');
  });
});
