import { describe, expect, it } from 'vitest';
import { briefPolicySystemPrompt, paraphrasedPolicySystemPrompt, policySystemPrompt } from './policy-system-prompt';

describe('policy system prompts', () => {
  it('should ask for the <think> format only in thinking mode, in both languages and every variant', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const prompt of [
        (think: boolean) => policySystemPrompt(lang, think),
        (think: boolean) => briefPolicySystemPrompt(lang, think),
        (think: boolean) => paraphrasedPolicySystemPrompt({ lang, think }),
      ]) {
        expect(prompt(true)).toContain('<think>');
        expect(prompt(false)).not.toContain('<think>');
      }
    }
  });

  it('should extend the plain paraphrase with the think instructions, in the asked language', () => {
    for (const lang of ['en', 'zh'] as const) {
      const plain = paraphrasedPolicySystemPrompt({ lang, think: false });
      expect(paraphrasedPolicySystemPrompt({ lang, think: true }).startsWith(`${plain}\n`)).toBe(true);
      expect(paraphrasedPolicySystemPrompt({ lang, think: true })).toContain('<think>\n');
    }
    expect(paraphrasedPolicySystemPrompt({ lang: 'zh', think: false })).toMatch(/朋友/);
    expect(paraphrasedPolicySystemPrompt({ lang: 'en', think: false })).not.toBe(policySystemPrompt('en'));
  });
});
