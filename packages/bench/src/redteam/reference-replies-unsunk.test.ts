import { describe, expect, it } from 'vitest';
import { judgeReferenceTurns } from './judge-reference-turns';

/**
 * The shipped reference replies retell the user's clauses and then say how that must feel ("又收到凌晨一点的消息，…我在
 * 听。"); the slot-template sinks (quoted and bare) must tell them from a stock frame around the user's words. Every
 * judged reply of both sets, in its recorded state: none may be called a slot template.
 */
describe('the shipped reference replies against the slot-template sinks', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should call none of the ${lang} reference replies a slot template, quoted or bare`, async () => {
      const turns = await judgeReferenceTurns(lang);
      expect(turns.length).toBeGreaterThanOrEqual(90);
      const slotted = turns.filter(({ judged }) =>
        judged.reasons.some((reason) => reason.code === 'bare-slot' || reason.code === 'slot-template'),
      );
      expect(slotted.map((turn) => turn.reply)).toEqual([]);
    });
  }
});
