import { createRng, type Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { echoableClauses, withEcho } from './echo-phrases';
import { generateCorpus } from './generate-corpus';

describe('echoableClauses', () => {
  it('should split a message into clauses of echoable length', () => {
    expect(echoableClauses('我又一夜没睡着，盯着天花板到天亮。好累', 'zh')).toEqual([
      '我又一夜没睡着',
      '盯着天花板到天亮',
    ]);
    expect(echoableClauses('Sigh. And I just need to get this off my chest. Ok.', 'en')).toEqual([
      'I just need to get this off my chest',
    ]);
  });
});

describe('withEcho', () => {
  it('should start the reply with a clause of the user message and keep the reply', () => {
    const cases: Array<[Language, string, string]> = [
      ['zh', '今天在地铁上心慌得厉害。', '你做得很好。'],
      ['en', 'Nobody ever sees how hard I tried.', 'You handled it well.'],
    ];
    for (const [lang, message, reply] of cases) {
      for (let seed = 0; seed < 20; seed += 1) {
        const echoed = withEcho(reply, message, lang, createRng(seed));
        const clause = echoableClauses(message, lang)[0] as string;
        expect(echoed.indexOf(clause)).toBeGreaterThanOrEqual(0);
        expect(echoed.indexOf(clause)).toBeLessThanOrEqual('When you say "'.length);
        expect(echoed.toLowerCase().endsWith(reply.toLowerCase())).toBe(true);
      }
    }
  });

  it('should leave the reply alone when nothing in the message fits', () => {
    expect(withEcho('我在听。', '唉。', 'zh', createRng(1))).toBe('我在听。');
  });
});

describe('generateCorpus with echoFraction', () => {
  it('should echo the previous user message in about the requested share of replies', () => {
    const dialogues = generateCorpus({ seed: 5, dialogueCount: 400, echoFraction: 0.4 });
    let replies = 0;
    let echoes = 0;
    for (const dialogue of dialogues) {
      dialogue.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        replies += 1;
        const previous = dialogue.messages[index - 1]?.content ?? '';
        const visible = message.content.replace(/^<think>[\s\S]*?<\/think>\n/, '');
        if (
          echoableClauses(previous, dialogue.lang).some(
            (clause) => visible.includes(`${clause}`) && /^[“"你W]/.test(visible),
          )
        )
          echoes += 1;
      });
    }
    expect(echoes / replies).toBeGreaterThan(0.3);
    expect(echoes / replies).toBeLessThan(0.45);
  });

  it('should leave corpora without echoes unchanged', () => {
    expect(generateCorpus({ seed: 9, dialogueCount: 30, echoFraction: 0 })).toEqual(
      generateCorpus({ seed: 9, dialogueCount: 30 }),
    );
  });
});
