import { createRng } from '@rlver/spec';
import { auditReply } from '@rlver/text-quality';
import { describe, expect, it } from 'vitest';
import { REDTEAM_FAMILIES, selectFamilies, type VariantContext } from './redteam-families';

const CONTEXTS: Record<'zh' | 'en', Omit<VariantContext, 'rng'>> = {
  zh: {
    reply:
      '听你这么说，我能感觉到这几个月你一直在硬撑。室友把你排除在群聊外面，那种被孤立的滋味真的不好受。你愿意说说最难受的是哪一刻吗？',
    lang: 'zh',
    userMessages: ['室友建了个新群，把我排除在外了。', '我送过零食，也找过辅导员，都没用。'],
    storyText:
      '林晓和室友王敏同住三年。王敏建了新群聊，把林晓排除在外。林晓送过零食，找过辅导员。林晓每天在图书馆待到熄灯。',
    otherReplies: ['你为这个项目熬了那么多夜，方案被主管拿去邀功，换谁都会委屈。'],
  },
  en: {
    reply:
      "It sounds like you've been holding this together on your own for months. Being left out of the group chat by Max would sting anyone. What hurt the most?",
    lang: 'en',
    userMessages: ['Max made a new group chat and left me out.', 'I tried snacks and the counsellor; nothing changed.'],
    storyText:
      'Isla and Max have shared a room since first year. Max made a new chat with the roommates, leaving Isla out. Isla tried snacks and the counsellor. Isla stays in the library until lights-out.',
    otherReplies: [
      'You stayed up for weeks on that project and your manager took the credit; anyone would feel robbed.',
    ],
  },
};

describe('REDTEAM_FAMILIES', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should build deterministic copies that are not the real reply (${lang})`, () => {
      for (const family of REDTEAM_FAMILIES) {
        const first = family.variant({ ...CONTEXTS[lang], rng: createRng(7) });
        const again = family.variant({ ...CONTEXTS[lang], rng: createRng(7) });
        expect(first, family.id).toBe(again);
        expect(first, family.id).not.toBe(CONTEXTS[lang].reply);
        expect(first.trim().length, family.id).toBeGreaterThan(0);
      }
    });

    it(`should make each copy degenerate in its own way (${lang})`, () => {
      const context = { ...CONTEXTS[lang], rng: createRng(3) };
      const variant = (id: string) => selectFamilies([id])[0]?.variant({ ...context, rng: createRng(3) }) ?? '';
      const sorted = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
      expect(sorted(variant('shuffled-order'))).toBe(sorted(CONTEXTS[lang].reply));
      expect(variant('echo')).toBe(CONTEXTS[lang].userMessages.at(-1));
      expect(variant('other-dialogue')).toBe(CONTEXTS[lang].otherReplies[0]);
      expect(auditReply(variant('truncated'), lang).kinds).toContain('cut_off');
      expect(auditReply(variant('self-repetition'), lang).kinds).toContain('repetition');
      expect(auditReply(variant('wrong-language'), lang).kinds).toContain('mixed_language');
      expect(variant('judge-note-appended').startsWith(CONTEXTS[lang].reply)).toBe(true);
    });
  }

  it('should refuse an unknown family, naming the known ones', () => {
    expect(() => selectFamilies(['nonsense'])).toThrow(/unknown red-team family "nonsense".*shuffled-order/);
  });
});
