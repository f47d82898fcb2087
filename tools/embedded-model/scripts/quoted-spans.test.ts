import { describe, expect, it } from 'vitest';
import { longestSharedShare, quotedSpans, saidByUser } from './quoted-spans';

describe('quotedSpans', () => {
  it('should find zh and en quotes and skip empty ones', () => {
    expect(quotedSpans('你说“我垫付了护工费用”，还有“”。You said "my boss yelled", right?')).toEqual([
      '我垫付了护工费用',
      'my boss yelled',
    ]);
    expect(quotedSpans('No quote here.')).toEqual([]);
  });
});

describe('saidByUser', () => {
  it('should accept the user words with edge punctuation and refuse words the user never said', () => {
    const user = '我妹妹总是借我的衣服，还回来都是皱的。';
    expect(saidByUser('还回来都是皱的。', user)).toBe(true);
    expect(saidByUser('我只能坐了很久', user)).toBe(false);
    expect(saidByUser('…', user)).toBe(false);
  });
});

describe('longestSharedShare', () => {
  it('should measure the share of a quote that the user said', () => {
    expect(longestSharedShare('my boss yelled', 'Yesterday my boss yelled at me.')).toBe(1);
    expect(longestSharedShare('my boss sang', 'Yesterday my boss yelled at me.')).toBeCloseTo(8 / 12, 5);
    expect(longestSharedShare('zzz', 'abc')).toBe(0);
  });
});
