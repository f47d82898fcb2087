import { describe, expect, it } from 'vitest';
import { CORPUS_STRATEGIES, generateCorpus, generateDialogue, reactionTo } from './generate-corpus';
import { SCENARIOS_EN } from './scenarios-en';
import { SCENARIOS_ZH } from './scenarios-zh';

describe('generateCorpus', () => {
  it('should be deterministic in the seed', () => {
    const first = generateCorpus({ seed: 7, dialogueCount: 50 });
    expect(generateCorpus({ seed: 7, dialogueCount: 50 })).toEqual(first);
    expect(generateCorpus({ seed: 8, dialogueCount: 50 })).not.toEqual(first);
  });

  it('should let a longer corpus start with the shorter one', () => {
    expect(generateCorpus({ seed: 3, dialogueCount: 40 }).slice(0, 10)).toEqual(
      generateCorpus({ seed: 3, dialogueCount: 10 }),
    );
  });

  it('should alternate user and assistant turns and end with the assistant', () => {
    for (const dialogue of generateCorpus({ seed: 11, dialogueCount: 300 })) {
      const turns = dialogue.messages.filter((message) => message.role !== 'system');
      turns.forEach((message, index) => {
        expect(message.role).toBe(index % 2 === 0 ? 'user' : 'assistant');
      });
      expect(turns.at(-1)?.role).toBe('assistant');
      expect(turns.length / 2).toBe(dialogue.strategies.length);
      expect(dialogue.strategies.length).toBeGreaterThanOrEqual(1);
      expect(dialogue.strategies.length).toBeLessThanOrEqual(4);
    }
  });

  it('should fill every slot', () => {
    for (const dialogue of generateCorpus({ seed: 12, dialogueCount: 500 })) {
      for (const message of dialogue.messages) expect(message.content).not.toMatch(/[{}]|undefined/);
    }
  });

  it('should put <think> only in the last assistant turn of thinking dialogues', () => {
    const corpus = generateCorpus({ seed: 13, dialogueCount: 400 });
    expect(corpus.some((dialogue) => dialogue.thinking)).toBe(true);
    for (const dialogue of corpus) {
      const replies = dialogue.messages.filter((message) => message.role === 'assistant');
      replies.forEach((reply, index) => {
        const expectThink = dialogue.thinking && index === replies.length - 1;
        if (expectThink) expect(reply.content).toMatch(/^<think>\n[^<]+\n<\/think>\n[^<]+$/);
        else expect(reply.content).not.toContain('think>');
      });
    }
  });

  it('should draw the strategies roughly uniformly', () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (const dialogue of generateCorpus({ seed: 14, dialogueCount: 3000 })) {
      for (const strategy of dialogue.strategies) {
        counts.set(strategy, (counts.get(strategy) ?? 0) + 1);
        total += 1;
      }
    }
    expect([...counts.keys()].sort()).toEqual([...CORPUS_STRATEGIES].sort());
    for (const count of counts.values()) {
      expect(count / total).toBeGreaterThan(0.06);
      expect(count / total).toBeLessThan(0.11);
    }
  });

  it('should mention the other person of the opener by name in every opener', () => {
    for (const scenario of [...SCENARIOS_EN, ...SCENARIOS_ZH]) {
      for (const opener of scenario.openers) expect(opener).toContain('{name}');
    }
  });
});

describe('generateDialogue', () => {
  it('should write replies in the language of the user', () => {
    for (let index = 0; index < 200; index += 1) {
      const dialogue = generateDialogue(index, { seed: 21 });
      const firstUser = dialogue.messages.find((message) => message.role === 'user');
      const hasHan = /\p{Script=Han}/u.test(firstUser?.content ?? '');
      expect(hasHan).toBe(dialogue.lang === 'zh');
    }
  });
});

describe('reactionTo', () => {
  it('should please a venting user with listening and upset them with advice', () => {
    expect(reactionTo('active_listening', 'e2')).toBe('pleased');
    expect(reactionTo('advice', 'e2')).toBe('displeased');
    expect(reactionTo('generic_comfort', 'r2')).toBe('displeased');
    expect(reactionTo('self_disclosure', 'r2')).toBe('neutral');
  });
});
