import { describe, expect, it } from 'vitest';
import {
  detectGarbled,
  isLanguageMismatch,
  maxOverlapWithEarlier,
  replyLength,
  reportFormatting,
} from './text-signals';
import { clicheCount, echoCount, warmthCount } from './tone-signals';

describe('detectGarbled', () => {
  it('should pass natural zh and en replies', () => {
    expect(detectGarbled('你熬夜画完的设计图被改掉，换谁都会憋屈。后来立伟有解释过吗？').garbled).toBe(false);
    expect(detectGarbled('That sounds exhausting. What did Clara say when you called her?').garbled).toBe(false);
    expect(detectGarbled('哈哈哈，好吧！').garbled).toBe(false);
  });
  it('should flag symbols, repetition, mixed scripts, random characters and random letters', () => {
    expect(detectGarbled('@@##$$%%^^&&**((!!').reasons).toContain('symbols');
    expect(detectGarbled('好的好的好的好的好的好的好的好的好的好的好的好的').reasons).toContain('repetition');
    expect(detectGarbled('ok ok ok ok ok ok ok ok ok ok').reasons).toContain('repetition');
    expect(detectGarbled('我觉得 это очень 좋은 idea 真的').reasons).toContain('mixed-scripts');
    expect(detectGarbled('鬯鬲鬻鼎鼐鼗鼙鼷齁齉龃龉龌龊').reasons).toContain('random-characters');
    expect(detectGarbled('asdkj qwpoeiru zxmcnv lkjasd qweoiu').reasons).toContain('random-letters');
    expect(detectGarbled('   ').garbled).toBe(true);
  });
});

describe('isLanguageMismatch', () => {
  it('should flag an English reply to a zh user and ignore very short text', () => {
    expect(isLanguageMismatch('I am so sorry to hear that, it must be hard.', 'zh')).toBe(true);
    expect(isLanguageMismatch('我听着呢，你慢慢说。', 'zh')).toBe(false);
    expect(isLanguageMismatch('OK', 'zh')).toBe(false);
  });
});

describe('maxOverlapWithEarlier', () => {
  it('should be 1 for a repeated reply and low for a new one', () => {
    const earlier = ['你已经很努力了，别太责怪自己，慢慢来会好的。'];
    expect(maxOverlapWithEarlier('你已经很努力了，别太责怪自己，慢慢来会好的。', earlier)).toBe(1);
    expect(maxOverlapWithEarlier('立伟把方案改掉的那天，你是怎么发现的？', earlier)).toBeLessThan(0.3);
    expect(maxOverlapWithEarlier('anything at all here', [])).toBe(0);
  });
});

describe('replyLength', () => {
  it('should count characters for zh and words for en', () => {
    expect(replyLength('你好，朋友！', 'zh')).toBe(4);
    expect(replyLength('Hi there, my friend!', 'en')).toBe(4);
  });
});

describe('reportFormatting', () => {
  it('should count list items and bold headings', () => {
    expect(reportFormatting('**建议：**\n1. 先休息\n2. 再沟通\n- 记录情绪')).toBe(4);
    expect(reportFormatting('就随便聊聊。')).toBe(0);
  });
});

describe('tone signals', () => {
  it('should count clichés, warmth and echoed words', () => {
    expect(clicheCount('听起来你很难过，我能理解，这种感受是很正常的。', 'zh')).toBe(3);
    expect(clicheCount('It sounds like a lot. Remember that you are not alone.', 'en')).toBe(3);
    expect(warmthCount('哈哈，这招绝了！', 'zh')).toBe(2);
    expect(warmthCount('Oh wow, that is brilliant!', 'en')).toBe(3);
    expect(echoCount('别墅设计图被改了确实过分', '我熬夜画的别墅设计图被立伟改了', 'zh')).toBeGreaterThanOrEqual(3);
    expect(echoCount('What a lovely garden.', 'The agent wants to see the garden on Friday.', 'en')).toBe(1);
  });
});
