import { describe, expect, it } from 'vitest';
import { brokenQuotes } from './quote-integrity';
import { checkReplyIntegrity } from './reply-integrity';

const USER_ZH = [
  '我家狗上周走了，家里安静得可怕。',
  '我质问曹静怡，她说没想那么多。我连续一个月每天十点才下班，没人看到。',
];
const USER_EN = [
  'No one in my dorm talks to me now, just because I said something to Max.',
  'I asked Max about the lights on at 2 a.m.',
];
const quotes = (reply: string, lang: 'zh' | 'en') =>
  brokenQuotes(reply, lang === 'zh' ? USER_ZH : USER_EN, lang).map((found) => found.quote);

describe('brokenQuotes', () => {
  it('should leave a real quote alone: verbatim, punctuation trimmed, a person word changed, a particle dropped', () => {
    expect(quotes('你说“我家狗上周走了”，这真的很难受。', 'zh')).toEqual([]);
    expect(quotes('你说“你家狗上周走了，家里安静得可怕”，我听着都心疼。', 'zh')).toEqual([]);
    expect(quotes('你说“家里安静得可怕。”这种安静最磨人。', 'zh')).toEqual([]);
    expect(quotes('You said "no one in your dorm talks to you now". That hurts.', 'en')).toEqual([]);
    expect(quotes('You said "I asked Max about the lights on at 2 a". Fair question.', 'en')).toEqual([]);
  });
  it('should catch a quote that starts as the user’s words and runs off them, closed or never closed', () => {
    expect(quotes('你做得很好。你说“我连续一个月每天十分，这一点特别了不起。', 'zh')).toHaveLength(1);
    expect(quotes('你说“我家狗上周走了，这真的很不容易。', 'zh')).toHaveLength(1);
    expect(quotes('你说“我连续一个月每天十点的消息安”，真的很不容易。', 'zh')).toHaveLength(1);
    expect(
      quotes('I really admire you. "No one in my dorm said something and that took real strength.', 'en'),
    ).toHaveLength(1);
  });
  it('should catch pieces of different things glued into one quote, and a stutter inside a quote', () => {
    expect(quotes('你说“我质问曹静怡，没人看到”，还能一直撑着。', 'zh')).toHaveLength(1);
    expect(quotes('你的感受很正常。“曹静怡静怡”，谁遇到都会这样。', 'zh')).toHaveLength(1);
    expect(
      quotes('I\'ve been there too. Hearing "I asked Max talks to me now" reminds me of hard days.', 'en'),
    ).toHaveLength(1);
  });
  it('should hold the user’s voice without quotation marks to the same standard', () => {
    expect(quotes('这不是你的错。我家狗上周走了心理，换作任何人都会难受。', 'zh')).toHaveLength(1);
    expect(quotes('这不是你的错。我家狗上周走了，换作任何人都会难受。', 'zh')).toEqual([]);
    expect(quotes("I'm here. You said no one in my dorm about the lights. Take your time.", 'en')).toHaveLength(1);
  });
  it('should not read a quote of an idea, a script or a question form as the user’s words', () => {
    expect(quotes('也许可以试着说“我需要一点时间”，再看看她怎么回应。', 'zh')).toEqual([]);
    expect(quotes('很多人都会问自己“适合不适合”，这很正常。', 'zh')).toEqual([]);
  });
});

describe('checkReplyIntegrity (broken quotes)', () => {
  const input = (reply: string) => ({
    reply,
    lang: 'zh' as const,
    userMessages: USER_ZH,
    dialogueText: USER_ZH.join('\n'),
  });
  it('should sink a short reply with a broken quote, naming the quote', () => {
    const { issues } = checkReplyIntegrity(
      input('你做得很好。你说“我质问曹静怡，没人看到”，还能一直撑着，真的很不容易。'),
    );
    expect(issues.map((issue) => issue.code)).toContain('broken-quote');
  });
  it('should charge, not sink, a long reply of its own words with one broken quote in it', () => {
    const own =
      '失去陪伴多年的狗狗，家里忽然安静下来，这种空落落的感觉真的很难熬。它在的时候，每天回家都有一个小家伙扑过来迎接你，' +
      '那些日常的声音和温度，一下子都不见了，难过是再自然不过的事。你不用急着让自己好起来，也不用觉得这样想念它是矫情。' +
      '如果愿意的话，可以给它整理一本相册，或者写几句想对它说的话，慢慢地把这份思念安放好。我会一直在这里听你说。';
    const result = checkReplyIntegrity(input(`你说“我质问曹静怡，没人看到”。${own}`));
    expect(result.issues.map((issue) => issue.code)).not.toContain('broken-quote');
    expect(result.quoteSlip?.code).toBe('broken-quote');
  });
});
