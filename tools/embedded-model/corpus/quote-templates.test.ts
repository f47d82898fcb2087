import { createRng } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from './generate-corpus';
import { pickQuote, QUOTE_TEMPLATES_EN, QUOTE_TEMPLATES_ZH, quotableClauses } from './quote-templates';

/** The quoted clauses of a reply: text between “…” (zh) or "…" (en). */
function quotesIn(reply: string): string[] {
  return [...reply.matchAll(/[“"]([^”"]+)[”"]/gu)].map((match) => match[1] as string);
}

describe('quotableClauses', () => {
  it('should keep clauses of quotable length and drop reactions and whole paragraphs', () => {
    expect(quotableClauses('嗯。我垫付了护工费用，梁浩然说手头紧，我到现在都没缓过来。', 'zh')).toEqual([
      '我垫付了护工费用',
      '梁浩然说手头紧',
      '我到现在都没缓过来',
    ]);
    expect(quotableClauses('Hmm. My boss yelled at me in front of everyone, and I keep replaying it.', 'en')).toEqual([
      'My boss yelled at me in front of everyone',
      'I keep replaying it',
    ]);
    expect(quotableClauses('嗯。好吧。', 'zh')).toEqual([]);
  });

  it('should give no quote when nothing is worth quoting', () => {
    expect(pickQuote('Maybe.', 'en', createRng(1))).toBeUndefined();
  });
});

describe('quote templates in the corpus', () => {
  it('should quote, verbatim, what the user said in the message just before the reply', () => {
    const corpus = generateCorpus({ seed: 5, dialogueCount: 400, quoteFraction: 0.6 });
    let quoted = 0;
    let replies = 0;
    for (const dialogue of corpus) {
      const turns = dialogue.messages.filter((message) => message.role !== 'system');
      turns.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        replies += 1;
        const before = turns[index - 1]?.content ?? '';
        for (const quote of quotesIn(message.content.replace(/^<think>[\s\S]*<\/think>\n/u, ''))) {
          quoted += 1;
          expect(before).toContain(quote);
        }
      });
    }
    // About 0.6 × 11/12 of replies have a quote template (generic comfort has none; a few messages no clause).
    expect(quoted / replies).toBeGreaterThan(0.35);
    expect(quoted / replies).toBeLessThan(0.65);
  });

  it('should leave a corpus without the option unchanged by it', () => {
    const plain = generateCorpus({ seed: 9, dialogueCount: 100 });
    expect(generateCorpus({ seed: 9, dialogueCount: 100, quoteFraction: 0 })).toEqual(plain);
    for (const dialogue of plain) {
      for (const message of dialogue.messages)
        if (message.role === 'assistant') expect(message.content).not.toContain('“');
    }
  });

  it('should have quote templates for every strategy but generic comfort, in both languages', () => {
    for (const templates of [QUOTE_TEMPLATES_EN, QUOTE_TEMPLATES_ZH]) {
      expect(Object.keys(templates).sort()).not.toContain('generic_comfort');
      expect(Object.keys(templates)).toHaveLength(11);
    }
  });
});
