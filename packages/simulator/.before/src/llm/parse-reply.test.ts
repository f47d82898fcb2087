import { describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply';
import { replyOutput } from './test-fixtures';

describe('parseReply', () => {
  it('should take the text after the last Response: and strip newlines, spaces, brackets and curly quotes', () => {
    const text = `${replyOutput('ignored')}\nResponse:\n [“唉，算了，不说了”] \n`;
    for (const mode of ['parity', 'clean'] as const) {
      const parsed = parseReply(text, mode);
      expect(parsed.ok && parsed.value.reply).toBe('唉，算了，不说了');
    }
  });

  it('should keep Origin and Change in thinking', () => {
    const parsed = parseReply(replyOutput('好吧'), 'parity');
    expect(parsed.ok && parsed.value.thinking).toContain('Origin:');
    expect(parsed.ok && parsed.value.thinking).toContain('Change:');
  });

  it('should accept full-width colons and markdown in clean mode but not in parity', () => {
    const text = 'Thinking：\n想想\n**Response：** 哈哈行吧';
    const clean = parseReply(text, 'clean');
    expect(clean.ok && clean.value).toEqual({ reply: '哈哈行吧', thinking: '想想' });
    const parity = parseReply(text, 'parity');
    expect(parity.ok && parity.value.reply).toBe(text.trim());
  });

  it('should fail in clean mode when Response: is missing or the reply is empty or only the placeholder', () => {
    expect(parseReply('Thinking:\nhmm', 'clean').ok).toBe(false);
    expect(parseReply('Response:\n  []  ', 'clean').ok).toBe(false);
    expect(parseReply('Response:\n  ', 'parity').ok).toBe(false);
    expect(parseReply('Response:\n[最终回复]', 'clean', '最终回复').ok).toBe(false);
    expect(parseReply('Response:\n[最终回复]\n嗯嗯', 'clean', '最终回复')).toMatchObject({
      ok: true,
      value: { reply: '嗯嗯' },
    });
  });
});
