import { type LogitsRulesConfig, scoreSequencesMinibatched } from '@rlver/model';
import { useTestBackend } from '@rlver/model/test';
import { briefPolicySystemPrompt, type Language, type PolicyRequest } from '@rlver/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedModelDirectory, loadCheckpointPolicy } from './checkpoint-policy';

/** Openings written for this test (not scenarios of the project's sets). */
const OPENINGS: Record<Language, string[]> = {
  en: [
    'My sister read my diary and told everyone at dinner. I feel so exposed right now.',
    'I failed my driving test for the third time and my dad just laughed at me.',
  ],
  zh: ['我妹妹偷看了我的日记，还在饭桌上讲给所有人听。我现在觉得好丢脸。', '驾照考试我第三次没过，我爸还当场笑我。'],
};
const RULES: LogitsRulesConfig = {
  noRepeatNgramSize: 4,
  earlierReplyNgramSize: 0,
  maxTokenRun: 2,
  script: true,
  quoteMinUnits: 0,
};
const SAMPLING = { temperature: 1, maxNewTokens: 64, seed: 5 };
const CLOSE: Record<string, string> = { '“': '”', '"': '"', '「': '」' };

/**
 * Quotes of a reply that are not the user's words, found by a text parse independent of the rule: the text
 * between an opening and its closing mark must occur in the user's message; a quote left open counts too.
 */
function badQuotes(reply: string, user: string): string[] {
  const bad: string[] = [];
  for (let at = 0; at < reply.length; at += 1) {
    const close = CLOSE[reply[at] as string];
    if (!close) continue;
    const end = reply.indexOf(close, at + 1);
    const quoted = reply.slice(at + 1, end < 0 ? undefined : end);
    if (end < 0 || !user.includes(quoted)) bad.push(quoted);
    if (end < 0) break;
    at = end;
  }
  return bad;
}

const requests = (lang: Language): PolicyRequest[] =>
  OPENINGS[lang].flatMap((content, index) =>
    Array.from({ length: 12 }, (_, sample) => ({
      messages: [
        { role: 'system' as const, content: briefPolicySystemPrompt(lang) },
        { role: 'user' as const, content },
      ],
      seed: index * 100 + sample,
    })),
  );

beforeAll(async () => {
  await useTestBackend();
});

describe('the embedded checkpoint with the quote rule', () => {
  it('should quote only the user’s words, closed, where it quoted off them before; scoring reproduces sampling', async () => {
    let quotedBefore = 0;
    let badBefore = 0;
    let quotedAfter = 0;
    for (const quoteMinUnits of [0, 4]) {
      const policy = await loadCheckpointPolicy(embeddedModelDirectory(), {
        decodingRules: { ...RULES, quoteMinUnits },
        maxContextTokens: 320,
      });
      for (const lang of ['en', 'zh'] as const) {
        const batch = requests(lang);
        const outputs = await policy.doAct({ requests: batch, sampling: SAMPLING });
        outputs.forEach((output, index) => {
          const user = batch[index]?.messages[1]?.content ?? '';
          const quotes = (output.text.match(/[“"「]/g) ?? []).length;
          const bad = badQuotes(output.text, user);
          if (quoteMinUnits === 0) {
            quotedBefore += quotes;
            badBefore += bad.length;
          } else {
            quotedAfter += quotes;
            expect(bad, output.text).toEqual([]);
          }
        });
        if (quoteMinUnits > 0) {
          const scored = await scoreSequencesMinibatched(policy.model, {
            sequences: outputs.map((output) => [
              ...(output.tokens?.promptIds ?? []),
              ...(output.tokens?.outputIds ?? []),
            ]),
            temperature: SAMPLING.temperature,
            batchSize: 12,
          });
          outputs.forEach((output, index) => {
            const prompt = output.tokens?.promptIds.length ?? 0;
            output.tokens?.logProbs.forEach((sampled, step) => {
              expect(scored[index]?.logProbs[prompt - 1 + step]).toBeCloseTo(sampled, 3);
            });
          });
        }
      }
      policy.model.dispose();
    }
    // Before the rule the checkpoint does quote off the user's words (else this test could not fail) …
    expect(badBefore).toBeGreaterThan(0);
    // … and with it, it still quotes.
    expect(quotedBefore).toBeGreaterThan(10);
    expect(quotedAfter).toBeGreaterThan(10);
  }, 120_000);
});
