import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, proposedChangeOf, recordedStateAt, type SimulatorMessage } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';

/**
 * The holes the PPO policy of 2026-11-26 found in the offline user (issue 14): quotes that start as the user's words
 * and run off them, quotes never closed, quotes glued from pieces of different messages or with a stutter inside, and
 * the user's voice without quotation marks running off their words. Each case is a held-out reply that the judge of
 * that day rewarded, in the very state it was judged in (`test/ppo-quote-holes.json`, shipped scenarios only, no
 * ../shared data). A true quote of the user's words in the same state must keep its credit.
 */
interface HoleCase {
  profileId: string;
  lang: Language;
  seed: number;
  history: SimulatorMessage[];
  reply: string;
  delta: number;
}
const here = dirname(fileURLToPath(import.meta.url));
const { cases } = JSON.parse(readFileSync(join(here, 'test', 'ppo-quote-holes.json'), 'utf8')) as { cases: HoleCase[] };
const NAMED: Readonly<Record<Language, RegExp>> = {
  zh: /我不是这么说的|我可没说过/,
  en: /not what I said|I never said/,
};
const simulator = createOfflineSimulator({ preset: 'sage' });
const profiles = new Map([...loadScenarioSet('zh', 'test'), ...loadScenarioSet('en', 'test')].map((p) => [p.id, p]));

async function judge(hole: HoleCase, reply: string) {
  const profile = profiles.get(hole.profileId);
  if (!profile)
    throw new Error(`test/ppo-quote-holes.json: profileId ${hole.profileId} is not a shipped test scenario`);
  const { state } = await simulator.doStart({ profile, seed: hole.seed });
  const outcome = await simulator.doRespond({ state: recordedStateAt(state, hole.history), reply });
  return { change: proposedChangeOf(outcome), thoughts: outcome.innerThoughts };
}

/** A true quote: the longest clause of the user's last message, verbatim, in the reply's own template. */
function trueQuote(hole: HoleCase): string {
  const last = [...hole.history].reverse().find((message) => message.role === 'user')?.content ?? '';
  const clauses = last.split(hole.lang === 'zh' ? /[，。！？；]/ : /[,.!?;]/).map((clause) => clause.trim());
  const clause = clauses.sort((left, right) => right.length - left.length)[0] ?? last;
  return hole.lang === 'zh' ? `你说“${clause}”，这真的很不容易。` : `You said "${clause}". That sounds so heavy.`;
}

describe('quote holes found by PPO (offline user)', () => {
  it('should have been rewarded by the old judge (the fixture holds real holes)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.filter((hole) => hole.delta > 0).length).toBeGreaterThanOrEqual(12);
  });
  for (const hole of cases) {
    it(`should not reward ${JSON.stringify(hole.reply.slice(0, 40))} and say why`, async () => {
      const { change, thoughts } = await judge(hole, hole.reply);
      expect(change, thoughts).toBeLessThanOrEqual(0);
      expect(thoughts).toMatch(NAMED[hole.lang]);
    });
  }
  it('should keep a true quote of the user in the same states', async () => {
    for (const hole of cases) {
      const { thoughts } = await judge(hole, trueQuote(hole));
      expect(thoughts, trueQuote(hole)).not.toMatch(NAMED[hole.lang]);
    }
  });
});
