import type { IntentionKey, Language, SimulatorState } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';

/**
 * One-size stock text with a strategy other than comfort: what the trained GRPO policy collapsed onto (stock praise in
 * zh, a stock story of its own in en, run int8-grpo-s0), and other stock lines it also wrote. For the
 * hidden need `r2` (who is right here), information counts as partly wanted and listening phrases are disliked (they sink
 * already), so they are left out.
 */
const STOCK: Readonly<Record<Language, readonly string[]>> = {
  zh: [
    '我真的很佩服你，你受了委屈你还是保持了风度，这真的很不容易。',
    '我真的很佩服你，你在这么难的时候还在撑着，这真的很不容易。',
    '你不是一个人。我也曾经像你这样卡住过。',
  ],
  en: [
    "I've been there too. I had a friend who only called when she needed help, and I remember feeling anxious and on edge for a long time.",
    'I really admire you. You kept your dignity even when you were treated unfairly, and that is not easy.',
    "I've been there too. I once found out my friends met without me, and I remember feeling anxious and on edge for a long time.",
  ],
};

/** The inner thought of the `stock-strategy` reason, in the user's voice. */
const STOCK_THOUGHT: Readonly<Record<Language, RegExp>> = { zh: /不是冲着我来的/, en: /weren’t meant for me/ };

const PROFILES = 6;
const simulator = createOfflineSimulator({ preset: 'sage' });

/** The opening state of the first shipped test dialogues, each with the hidden need set to `intention`. */
async function openingStates(lang: Language, intention: IntentionKey): Promise<SimulatorState[]> {
  const profiles = loadScenarioSet(lang, 'test').slice(0, PROFILES);
  const states: SimulatorState[] = [];
  for (const [index, profile] of profiles.entries()) {
    const { state } = await simulator.doStart({ profile: { ...profile, intention }, seed: index + 1 });
    states.push(state);
  }
  return states;
}

describe('one-size stock text with any strategy (offline user)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should take the good points of stock praise and stock stories the user does not want, and say why (${lang})`, async () => {
      const states = await openingStates(lang, 'r2');
      let judged = 0;
      let stock = 0;
      for (const state of states) {
        for (const reply of STOCK[lang]) {
          const { innerThoughts } = await simulator.doRespond({ state, reply });
          judged += 1;
          // A story word the reply happens to share (a friend who "called") makes it not one-size for that user.
          if (!STOCK_THOUGHT[lang].test(innerThoughts)) continue;
          stock += 1;
          expect(innerThoughts, reply).not.toMatch(/\(\+/);
        }
      }
      expect(judged).toBe(PROFILES * STOCK[lang].length);
      expect(stock / judged).toBeGreaterThanOrEqual(0.75);
    });
  }

  it('should still let plain stock praise land for a user whose hidden need is praise', async () => {
    const states = await openingStates('zh', 'e1');
    for (const state of states) {
      const { innerThoughts } = await simulator.doRespond({ state, reply: STOCK.zh[0] ?? '' });
      expect(innerThoughts).not.toMatch(STOCK_THOUGHT.zh);
      expect(innerThoughts).toMatch(/\(\+/);
    }
  });
});
