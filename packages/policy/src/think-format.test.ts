import { describe, expect, it } from 'vitest';
import { formatAssistantTurn, policySystemPrompt, splitThinkReply, thinkFormatOk } from './think-format';

describe('policySystemPrompt', () => {
  it('should ask for the <think> format only in thinking mode, in both languages', () => {
    for (const lang of ['en', 'zh'] as const) {
      expect(policySystemPrompt({ lang, think: true })).toContain('<think>\n');
      expect(policySystemPrompt({ lang, think: false })).not.toContain('<think>');
      expect(policySystemPrompt({ lang, think: true }).startsWith(policySystemPrompt({ lang, think: false }))).toBe(
        true,
      );
    }
    expect(policySystemPrompt({ lang: 'zh', think: false })).toMatch(/朋友/);
  });
});

describe('thinkFormatOk', () => {
  it.each([
    ['<think>\nplan\n</think>\nHey, that sounds rough.', true],
    ['  <think>x</think> ok', true],
    ['Hey, no thinking here.', false],
    ['<think>plan</think>   ', false],
    ['<think>a</think><think>b</think>reply', false],
    ['preface <think>a</think> reply', false],
    ['<think>never closed', false],
  ])('should judge %j as %s', (text, expected) => {
    expect(thinkFormatOk(text)).toBe(expected);
  });

  it('should accept what formatAssistantTurn writes and split it back', () => {
    const text = formatAssistantTurn({ think: 'be gentle', reply: '抱抱你' });
    expect(thinkFormatOk(text)).toBe(true);
    expect(splitThinkReply(text)).toEqual({ think: 'be gentle', reply: '抱抱你', hasThinkClose: true });
    expect(formatAssistantTurn({ reply: 'plain' })).toBe('plain');
  });
});
