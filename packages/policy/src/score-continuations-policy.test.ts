import { fileURLToPath } from 'node:url';
import { scoreContinuations, scoreSequencesMinibatched } from '@rlver/model';
import { useTestBackend } from '@rlver/model/test';
import type { ChatMessage } from '@rlver/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';

// Candidate replies scored from one pass of the prompt (`scoreContinuations`, what enumerated branching lists) against
// the whole rows through `scoreSequencesMinibatched` (the path sampling and the update share), on the shipped grounded
// checkpoint: copy head, phrasebook rule and the n-gram, run, script, quote and lexicon rules all on.
await useTestBackend();
const directory = fileURLToPath(new URL('../assets/embedded-grounded/', import.meta.url));
const policy = await loadCheckpointPolicy(directory, {
  policyId: 'embedded-grounded',
  maxContextTokens: 320,
  sampling: { temperature: 0.7, maxNewTokens: 64 },
});

afterAll(() => {
  policy.model.dispose();
});

// Later turns (the prompt holds earlier replies and user messages), in our own words.
const dialogues: ChatMessage[][] = [
  [
    { role: 'system', content: 'You are a warm friend.' },
    { role: 'user', content: 'My coach Martin benched me for the final match after one bad practice.' },
    { role: 'assistant', content: 'That sounds really unfair. How are you holding up?' },
    { role: 'user', content: 'Not great. I trained all season for that match and he did not even explain it.' },
  ],
  [
    { role: 'system', content: '你是一个温暖的朋友。' },
    { role: 'user', content: '室友小林又把我的书拿走了，也不说一声。' },
    { role: 'assistant', content: '听起来真让人生气。' },
    { role: 'user', content: '是啊，那本书下周考试要用，我找了一个晚上。' },
  ],
];

describe('scoreContinuations on the grounded checkpoint', () => {
  it('should equal the whole-row scores of every candidate, and of a reply the rules forbid', async () => {
    const rules = policy.model.logitsRules;
    expect(rules?.phrasebook).toBeDefined();
    expect(policy.model.weights.copyHead).toBeDefined();
    const end = policy.tokenizer.eosTokenIds[0] as number;
    for (const messages of dialogues) {
      const promptIds = policy.encodeChat(messages, 64);
      const replies = rules?.phrasebookReplies(promptIds) ?? [];
      expect(replies.length).toBeGreaterThan(20);
      // 40 candidates and one text no candidate starts with (the phrasebook masks it: −∞ from its first token).
      const continuations = [...replies.slice(0, 40), 'zzz qqq'].map((text) => [...policy.tokenizer.encode(text), end]);
      const fromPrompt = await scoreContinuations(policy.model, {
        prefix: promptIds,
        continuations,
        temperature: 0.7,
        batchSize: 16,
      });
      const whole = await scoreSequencesMinibatched(policy.model, {
        sequences: continuations.map((ids) => [...promptIds, ...ids]),
        temperature: 0.7,
        batchSize: 16,
      });
      let compared = 0;
      let free = 0;
      continuations.forEach((ids, row) => {
        const expected = (whole[row]?.logProbs ?? []).slice(promptIds.length - 1);
        const actual = fromPrompt[row] ?? [];
        expect(actual).toHaveLength(ids.length);
        expect(expected).toHaveLength(ids.length);
        actual.forEach((value, position) => {
          const reference = expected[position] as number;
          if (reference < -1e8) {
            expect(value).toBeLessThan(-1e8);
            return;
          }
          expect(Math.abs(value - reference)).toBeLessThanOrEqual(1e-4);
          compared += 1;
          if (reference < -1e-3) free += 1;
        });
      });
      // The candidates are sayable (finite) and some of their tokens are real choices (not forced by the rule).
      expect(compared).toBeGreaterThan(40 * 10);
      expect(free).toBeGreaterThan(40);
      expect((fromPrompt.at(-1) ?? [])[0]).toBeLessThan(-1e8);
    }
  });

  it('should refuse an empty prompt or continuation, naming what to give', async () => {
    await expect(scoreContinuations(policy.model, { prefix: [], continuations: [[1]] })).rejects.toThrow(/prompt/);
    await expect(scoreContinuations(policy.model, { prefix: [1, 2], continuations: [[1], []] })).rejects.toThrow(
      /continuation 1 is empty/,
    );
  });
});
