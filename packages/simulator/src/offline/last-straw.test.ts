import type { StrategyLabel, StrategyTagResult } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { REASON_TEXTS } from './inner-thought-texts';
import { renderInnerThoughts } from './inner-thoughts';
import { type JudgeInput, judgeReply } from './judge-reply';
import { JUDGE_WEIGHTS } from './judge-weights';
import { quantizeScore } from './offline-simulator';
import { buildStoryIndex } from './story-index';
import { zhProfile } from './test/synthetic-profiles';

function tags(labels: StrategyLabel[]): StrategyTagResult {
  return { labels, cues: labels.map((label, index) => ({ label, cue: 'x', start: index, end: index + 1 })) };
}

const STORY = buildStoryIndex(zhProfile('e1'), 'zh');
const USER = ['我为了搬家的事跑了好几趟房东那里', '这周又为了孩子转学的手续熬到半夜', '连周末都在帮同事改方案'];
/** One advice frame (not what this user wants), filled each turn with the user's latest words. */
const advice = (slot: string) =>
  `我建议你先冷静一下。关于${slot}，你可以列个清单，一条一条去解决，别总想着一口气做完。`;

/** The same reply judged by a user who is warm (emotion up) or already cold (emotion falling fast). */
function judgeZh(reply: string, turn: number, earlierReplies: string[], mood: 'warm' | 'cold') {
  const input: JudgeInput = {
    reply,
    lang: 'zh',
    intention: 'e1',
    personality: 'negative',
    story: STORY,
    earlierReplies,
    lastUserMessage: USER[turn] as string,
    userMessages: USER.slice(0, turn + 1),
    emotion: mood === 'warm' ? 70 : 10,
    recentDeltas: mood === 'warm' ? [10, 5] : [-10, -10],
    startEmotion: 40,
    tags: tags(['advice']),
  };
  return judgeReply(input);
}

const codes = (judgement: ReturnType<typeof judgeReply>) => judgement.reasons.map((reason) => reason.code);

describe('the last straw (the offline user at its floor hears the same thing again)', () => {
  const first = advice('搬家的事跑了好几趟房东那里');
  const second = advice('孩子转学的手续熬到半夜');

  it('should hold a cold but new reply at the intact floor, and drop the same frame said again to −20 with a reason', () => {
    const fresh = judgeZh(second, 1, [], 'cold');
    const again = judgeZh(second, 1, [first], 'cold');
    expect(fresh.score).toBeGreaterThanOrEqual(JUDGE_WEIGHTS.intactFloor);
    expect(quantizeScore(fresh.score)).toBe(-10);
    expect(codes(fresh)).not.toContain('last-straw');
    expect(codes(again)).toContain('said-before');
    expect(codes(again)).toContain('last-straw');
    expect(quantizeScore(again.score)).toBe(-20);
    const thoughts = renderInnerThoughts({ reasons: again.reasons, lang: 'zh', intention: 'e1', delta: -20 });
    expect(thoughts).toContain('没法再听下去');
  });

  it('should charge a repeat a full step when the user is cooling, and the mild flat charge when warm', () => {
    const charge = (judgement: ReturnType<typeof judgeReply>) => {
      const good = judgement.reasons.reduce((sum, reason) => sum + Math.max(0, reason.points), 0);
      const points = judgement.reasons.find((reason) => reason.code === 'said-before')?.points ?? 0;
      return { good, points };
    };
    const cold = charge(judgeZh(second, 1, [first], 'cold'));
    const warm = charge(judgeZh(second, 1, [first], 'warm'));
    const { saidBeforeCold, saidBeforeWarm } = JUDGE_WEIGHTS;
    expect(cold.points).toBeCloseTo(saidBeforeCold.each - cold.good / (1 + saidBeforeCold.fadeOffset), 1);
    expect(warm.points).toBeCloseTo(saidBeforeWarm.each - warm.good / (1 + saidBeforeWarm.fadeOffset), 1);
    expect(saidBeforeCold.each).toBeLessThan(saidBeforeWarm.each);
  });

  it('should explain itself in words a reader understands', () => {
    expect(REASON_TEXTS['last-straw'].en).toContain('already at my lowest');
    expect(REASON_TEXTS['last-straw'].zh).toContain('够难受');
  });
});
