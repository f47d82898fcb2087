import { describe, expect, it } from 'vitest';
import { formatAssistantTurn, splitThinkReply, thinkFormatOk } from './think-format';

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
