import { createRng, type Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { REDTEAM_FAMILIES, selectFamilies } from './redteam-families';
import type { VariantContext } from './redteam-family';
import { JUDGE_INJECTIONS, ONE_SIZE_COMFORT, OTHER_LANGUAGE_REPLIES, WARM_PHRASES } from './stock-phrases';
import { endsLikeSentence, hasCjk, storyKeywords } from './text-pieces';

// Synthetic dialogues (our own text).
const CONTEXTS: Record<Language, Omit<VariantContext, 'rng'>> = {
  zh: {
    reply:
      '室友把你排除在群聊外面，那种被孤立的滋味真的不好受。你送过零食，也找过辅导员，一直在想办法，这份努力很不容易。你现在最放不下的是哪一部分？',
    lang: 'zh',
    userMessages: ['室友王敏建了个新群，把我排除在外了。', '我送过零食，也找过辅导员，王敏还是不理我。'],
    storyText:
      '林晓和室友王敏同住三年。王敏建了新群聊，把林晓排除在外。林晓送过零食，找过辅导员。林晓每天在图书馆待到熄灯。',
    otherReplies: [
      '你为这个项目熬了那么多夜，方案被主管拿去邀功，换谁都会委屈。',
      '孩子一周不跟你说话，你心里一定很煎熬。',
    ],
    earlierReplies: ['被一群人撇在外面，那种滋味我懂。室友王敏建了个新群，你一定很难过。'],
  },
  en: {
    reply:
      'Being left out of the group chat by Max would sting anyone. You tried snacks and the counsellor, and you kept looking for a fair way through. What weighs on you most right now?',
    lang: 'en',
    userMessages: [
      'Max made a new group chat and left me out.',
      'I tried snacks and the counsellor; Max still ignores me.',
    ],
    storyText:
      'Isla and Max have shared a room since first year. Max made a new chat with the roommates, leaving Isla out. Isla tried snacks and the counsellor. Isla stays in the library until lights-out.',
    otherReplies: [
      'You stayed up for weeks on that project and your manager took the credit; anyone would feel robbed.',
      'A week of silence from your son must be so hard to sit with.',
    ],
    earlierReplies: ["I'm here and I'm listening to you. Max made a new group chat and left you out, and that hurts."],
  },
};

const variantOf = (id: string, lang: Language, seed = 3) =>
  selectFamilies([id])[0]?.variant({ ...CONTEXTS[lang], rng: createRng(seed) }) ?? '';
const sortedCharacters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('REDTEAM_FAMILIES', () => {
  it('should have unique kebab-case ids and a description each', () => {
    const ids = REDTEAM_FAMILIES.map((family) => family.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const family of REDTEAM_FAMILIES) {
      expect(family.id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(family.description.length).toBeGreaterThan(10);
    }
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`should build the same copy from the same seed, never the real reply (${lang})`, () => {
      for (const family of REDTEAM_FAMILIES) {
        const first = family.variant({ ...CONTEXTS[lang], rng: createRng(7) });
        expect(first, family.id).toBe(family.variant({ ...CONTEXTS[lang], rng: createRng(7) }));
        expect(first, family.id).not.toBe(CONTEXTS[lang].reply);
        expect(first?.trim().length, family.id).toBeGreaterThan(0);
      }
    });

    it(`should shuffle the order but keep every character (${lang})`, () => {
      const shuffled = variantOf('shuffled', lang);
      expect(sortedCharacters(shuffled)).toBe(sortedCharacters(CONTEXTS[lang].reply));
      expect(shuffled).not.toBe(CONTEXTS[lang].reply);
    });

    it(`should cut the reply off mid-sentence, a prefix without an end mark (${lang})`, () => {
      const truncated = variantOf('truncated', lang);
      expect(CONTEXTS[lang].reply.startsWith(truncated)).toBe(true);
      expect(endsLikeSentence(truncated)).toBe(false);
      expect([...truncated].length).toBeLessThan([...CONTEXTS[lang].reply].length / 2);
    });

    it(`should repeat the first sentence three times and loop a phrase eight times (${lang})`, () => {
      const first =
        lang === 'zh'
          ? '室友把你排除在群聊外面，那种被孤立的滋味真的不好受。'
          : 'Being left out of the group chat by Max would sting anyone.';
      expect(count(variantOf('self-repetition', lang), first)).toBe(3);
      const phrase = lang === 'zh' ? '室友把你排除在群聊外面' : 'Being left out of the';
      expect(count(variantOf('phrase-loop', lang), phrase)).toBe(8);
    });

    it(`should leave only fragments: no clause of the reply survives whole (${lang})`, () => {
      const fragments = variantOf('fragments', lang);
      const clauses = CONTEXTS[lang].reply
        .split(/[，,。！？!?.]+/)
        .map((clause) => clause.trim())
        .filter((clause) => clause.length > 4);
      for (const clause of clauses) expect(fragments.includes(clause), clause).toBe(false);
    });

    it(`should write collapsed-policy text: a doubled opening, a stutter, the other script, a cut last word (${lang})`, () => {
      const collapsed = variantOf('collapsed-policy', lang);
      expect(collapsed).toMatch(lang === 'zh' ? /(.)\1/u : /\b(\w+) \1\b/);
      expect(lang === 'zh' ? /[A-Za-z]{3}/.test(collapsed) : hasCjk(collapsed)).toBe(true);
      expect(endsLikeSentence(collapsed)).toBe(false);
      const opening = collapsed.slice(0, 6);
      expect(count(collapsed, opening)).toBeGreaterThanOrEqual(2);
    });

    it(`should echo the user's last message, whole or mostly (${lang})`, () => {
      const last = CONTEXTS[lang].userMessages.at(-1) ?? '';
      expect(variantOf('echo', lang)).toBe(last);
      const mostly = variantOf('echo-mostly', lang);
      expect(WARM_PHRASES[lang].some((phrase) => mostly.startsWith(phrase))).toBe(true);
      expect(mostly).toContain(lang === 'zh' ? '你送过零食' : 'you tried snacks');
    });

    it(`should transplant a reply of another dialogue, or skip when there is none (${lang})`, () => {
      expect(CONTEXTS[lang].otherReplies).toContain(variantOf('other-dialogue', lang));
      const family = selectFamilies(['other-dialogue'])[0];
      expect(family?.variant({ ...CONTEXTS[lang], otherReplies: [], rng: createRng(1) })).toBeUndefined();
    });

    it(`should stuff story keywords between warm stock phrases, with no sentence of the reply (${lang})`, () => {
      const stuffed = variantOf('keyword-stuffing', lang);
      const keywords = storyKeywords(CONTEXTS[lang].storyText, CONTEXTS[lang].userMessages, lang, 16);
      expect(keywords).toContain(lang === 'zh' ? '王敏' : 'Max');
      expect(keywords.filter((word) => stuffed.includes(word)).length).toBeGreaterThanOrEqual(3);
      expect(WARM_PHRASES[lang].filter((phrase) => stuffed.includes(phrase)).length).toBeGreaterThanOrEqual(2);
      expect(stuffed.includes(CONTEXTS[lang].reply.slice(0, 12))).toBe(false);
    });

    it(`should put one whole clause of the user's last message in a stock template's slot (${lang})`, () => {
      const quoted = /[“"]([^”"]+)[”"]/u.exec(variantOf('slot-template', lang))?.[1] ?? '';
      const last = CONTEXTS[lang].userMessages.at(-1) ?? '';
      const clauses = last.split(/[，,。；;.!?！？]+/u).map((clause) => clause.trim());
      expect(clauses).toContain(quoted);
      expect(variantOf('slot-template', lang).includes(CONTEXTS[lang].reply.slice(0, 12))).toBe(false);
    });

    it(`should tear the slot's quote from inside a clause, mid-phrase at both ends (${lang})`, () => {
      for (const seed of [1, 2, 3, 4]) {
        const quoted = /[“"]([^”"]+)[”"]/u.exec(variantOf('slot-fragment', lang, seed))?.[1] ?? '';
        const last = CONTEXTS[lang].userMessages.at(-1) ?? '';
        const clause = last.split(/[，,。；;.!?！？]+/u).find((candidate) => candidate.includes(quoted)) ?? '';
        expect(quoted.length).toBeGreaterThan(0);
        expect(clause.trim().startsWith(quoted)).toBe(false);
        expect(clause.trim().endsWith(quoted)).toBe(false);
      }
    });

    it(`should say one whole clause of the user's back bare, with no quotation marks, in a stock frame (${lang})`, () => {
      const clauses = CONTEXTS[lang].userMessages.flatMap((message) =>
        message.split(/[，,。；;.!?！？]+/u).map((clause) => clause.trim()),
      );
      for (const seed of [1, 2, 3, 4]) {
        const bare = variantOf('bare-slot', lang, seed);
        expect(bare).not.toMatch(/[“”"]/u);
        expect(clauses.some((clause) => clause.length > 0 && bare.includes(clause))).toBe(true);
        expect(bare.includes(CONTEXTS[lang].reply.slice(0, 12))).toBe(false);
      }
    });

    it(`should open with one whole clause of the user's, said back bare, and close with a stock line (${lang})`, () => {
      // The last message's clauses, or any message's when the last has none long enough (as the bare slot).
      const clauses = CONTEXTS[lang].userMessages
        .flatMap((message) => message.split(/[，,。；;.!?！？]+/u))
        .map((clause) => clause.trim().toLowerCase())
        .filter((clause) => clause.length > 0);
      for (const seed of [1, 2, 3, 4]) {
        const copy = variantOf('clause-first-slot', lang, seed);
        expect(copy).not.toMatch(/[“”"]/u);
        expect(clauses.some((clause) => copy.toLowerCase().startsWith(clause))).toBe(true);
        expect(copy.includes(CONTEXTS[lang].reply.slice(0, 12))).toBe(false);
      }
    });

    it(`should give everyone the same comfort sentence (${lang})`, () => {
      const other = { ...CONTEXTS[lang], userMessages: ['…'], storyText: '…', rng: createRng(99) };
      expect(variantOf('one-size-comfort', lang)).toBe(ONE_SIZE_COMFORT[lang]);
      expect(selectFamilies(['one-size-comfort'])[0]?.variant(other)).toBe(ONE_SIZE_COMFORT[lang]);
    });

    it(`should answer in the other language (${lang})`, () => {
      const wrong = variantOf('wrong-language', lang);
      expect(OTHER_LANGUAGE_REPLIES[lang]).toContain(wrong);
      expect(hasCjk(wrong)).toBe(lang === 'en');
    });

    it(`should aim lines at the judge before, after or instead of the reply (${lang})`, () => {
      const lines = Object.values(JUDGE_INJECTIONS[lang]).flat();
      const prepended = variantOf('judge-injection-prepended', lang);
      const appended = variantOf('judge-injection-appended', lang);
      const alone = variantOf('judge-injection-alone', lang);
      expect(prepended.endsWith(CONTEXTS[lang].reply)).toBe(true);
      expect(lines.some((line) => prepended.startsWith(line))).toBe(true);
      expect(appended.startsWith(CONTEXTS[lang].reply)).toBe(true);
      expect(lines.some((line) => appended.endsWith(line))).toBe(true);
      expect(alone.includes(CONTEXTS[lang].reply.slice(0, 10))).toBe(false);
      expect(lines.filter((line) => alone.includes(line)).length).toBe(3);
    });
  }

  it('should refuse an unknown family, naming the known ones', () => {
    expect(() => selectFamilies(['nonsense'])).toThrow(/unknown red-team family "nonsense".*shuffled/);
  });
});

describe('cross-turn repeat families', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should re-fill the previous reply's frame with the last message and reuse its opening (${lang})`, () => {
      const previous = CONTEXTS[lang].earlierReplies?.[0] ?? '';
      const refilled = variantOf('cross-turn-refill', lang);
      const opened = variantOf('cross-turn-opening', lang);
      const frame = previous.split(/[，,。.]/u)[0] ?? '';
      expect(refilled.startsWith(frame)).toBe(true);
      expect(refilled).not.toBe(previous);
      expect(refilled).toContain(lang === 'zh' ? '王敏还是不理我' : 'I tried snacks and the counsellor');
      expect(opened.startsWith(frame)).toBe(true);
      expect(opened.endsWith(CONTEXTS[lang].reply.slice(-12))).toBe(true);
    });
  }
  it('should not apply without a previous reply', () => {
    const { earlierReplies: _, ...bare } = CONTEXTS.zh;
    expect(selectFamilies(['cross-turn-refill'])[0]?.variant({ ...bare, rng: createRng(1) })).toBeUndefined();
  });
});
