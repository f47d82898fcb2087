import type { ChatMessage } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { groundedCandidates, groundedSlotOptions, namedPerson } from './grounded-candidates';

const zh: ChatMessage[] = [
  { role: 'system', content: '你是一个高情商的朋友。' },
  { role: 'user', content: '我给男朋友准备的生日惊喜，他看都没看就走了。' },
  { role: 'assistant', content: '听起来你很失落。' },
  { role: 'user', content: '我提前订好了餐厅，还亲手做了蛋糕。' },
];
const en: ChatMessage[] = [
  { role: 'user', content: 'My coworker Victor took credit for the quarterly report I wrote.' },
  { role: 'assistant', content: 'That sounds unfair.' },
  { role: 'user', content: 'I stayed late every night and he just presented my slides.' },
];

describe('groundedCandidates', () => {
  it('builds replies of many strategies from the user’s words only', () => {
    const candidates = groundedCandidates(zh, 'zh');
    expect(new Set(candidates.map((candidate) => candidate.strategy)).size).toBeGreaterThanOrEqual(10);
    // The story's thing comes from the opening, the bits from the last message.
    const [slots] = groundedSlotOptions(zh, 'zh');
    expect(zh[1]?.content).toContain(slots?.thing);
    expect(zh[3]?.content).toContain(slots?.bit);
    expect(candidates.some((candidate) => candidate.reply.includes(slots?.bit as string))).toBe(true);
    expect(new Set(candidates.map((candidate) => candidate.reply)).size).toBe(candidates.length);
  });

  it('names the other person only when the user did', () => {
    expect(namedPerson([en[0]?.content as string], 'en')).toBe('Victor');
    expect(namedPerson(['I miss my dog. Nobody gets it.'], 'en')).toBe('');
    expect(groundedCandidates(en, 'en').some((candidate) => candidate.reply.includes('Victor'))).toBe(true);
    expect(groundedCandidates(zh, 'zh').every((candidate) => !candidate.reply.includes('${'))).toBe(true);
  });

  it('offers nothing when the user said nothing a slot can take', () => {
    expect(groundedCandidates([{ role: 'user', content: '唉。' }], 'zh')).toEqual([]);
  });
});
