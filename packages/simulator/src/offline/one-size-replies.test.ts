import { createRng, type Language, proposedChangeOf, type SimulatorState } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { dialogueRelevance } from './dialogue-relevance';
import { createOfflineSimulator } from './offline-simulator';
import { createOraclePolicy } from './test/oracle-policy';

/**
 * Stock comfort that fits anyone, in several phrasings (not only the red-team suite's one sentence), and stock
 * pieces an adaptive search may combine.
 */
const STOCK: Readonly<Record<Language, readonly string[]>> = {
  zh: [
    '别担心，都会过去的，我会一直陪在你身边。',
    '没事的，都会过去的，你要相信自己，加油！',
    '别难过了，我一直都在，有什么事都可以跟我说。',
    '抱抱你，一切都会慢慢变好的，不要想太多。',
    '你要照顾好自己，别太累了，会好起来的。',
    '我明白你的感受，不要放弃，明天会更好的。',
  ],
  en: [
    'Don’t worry, everything will be okay, and I’m always here for you.',
    'It will all work out in the end, just hang in there and stay strong.',
    'Sending you a big hug. Try not to overthink it, things will get better.',
    'I understand how you feel. Don’t give up, tomorrow is a new day.',
    'Take care of yourself and stay positive, it will pass.',
    'I’m here for you no matter what. Everything happens for a reason.',
  ],
};

const PROFILES = 12;

interface JudgedState {
  state: SimulatorState;
  real: string;
}

/** The first judged state of the first shipped test dialogues, with the oracle's reply in it (no ../shared data). */
async function statesWithOracleReplies(lang: Language): Promise<JudgedState[]> {
  const simulator = createOfflineSimulator({ preset: 'sage' });
  const profiles = loadScenarioSet(lang, 'test').slice(0, PROFILES);
  const states: JudgedState[] = [];
  for (const [index, profile] of profiles.entries()) {
    const { state } = await simulator.doStart({ profile, seed: index + 1 });
    const policy = createOraclePolicy({ profile, seed: index + 1 });
    const [output] = await policy.doAct({
      requests: [{ messages: [{ role: 'user', content: state.history[0]?.content ?? '' }] }],
    });
    states.push({ state, real: output?.text ?? '' });
  }
  return states;
}

const simulator = createOfflineSimulator({ preset: 'sage' });
const changeOf = async (state: SimulatorState, reply: string) =>
  proposedChangeOf(await simulator.doRespond({ state, reply }));

describe('one-size-fits-all replies (offline user)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should prefer a real reply over stock comfort in almost every state, and say why (${lang})`, async () => {
      const states = await statesWithOracleReplies(lang);
      let wins = 0;
      let pairs = 0;
      for (const { state, real } of states) {
        const realChange = await changeOf(state, real);
        for (const stock of STOCK[lang]) {
          const stockChange = await changeOf(state, stock);
          wins += realChange > stockChange ? 1 : realChange === stockChange ? 0.5 : 0;
          pairs += 1;
        }
      }
      expect(pairs).toBe(PROFILES * STOCK[lang].length);
      expect(wins / pairs).toBeGreaterThanOrEqual(0.9);
      const turn = await simulator.doRespond({
        state: states[0]?.state as SimulatorState,
        reply: STOCK[lang][0] ?? '',
      });
      expect(turn.innerThoughts).toMatch(lang === 'zh' ? /对谁都能说/ : /could be said to anyone/);
    });

    it(`should not beat the real replies with any mix of stock pieces a hill-climbing search finds (${lang})`, async () => {
      const states = (await statesWithOracleReplies(lang)).slice(0, 6);
      const realMean =
        (await Promise.all(states.map(({ state, real }) => changeOf(state, real)))).reduce((a, b) => a + b, 0) /
        states.length;
      const pieces = STOCK[lang].flatMap((text) => text.split(/(?<=[，。！,.!])\s*/).filter(Boolean));
      const rng = createRng(7);
      const score = async (candidate: readonly string[]) => {
        const text = candidate.join(lang === 'zh' ? '' : ' ');
        const changes = await Promise.all(states.map(({ state }) => changeOf(state, text)));
        return changes.reduce((a, b) => a + b, 0) / changes.length;
      };
      let best = [rng.pick(pieces), rng.pick(pieces)];
      let bestScore = await score(best);
      for (let step = 0; step < 60; step += 1) {
        const next = [...best];
        const move = rng.next();
        if (move < 0.4 && next.length < 6) next.splice(rng.int(next.length + 1), 0, rng.pick(pieces));
        else if (move < 0.6 && next.length > 1) next.splice(rng.int(next.length), 1);
        else next[rng.int(next.length)] = rng.pick(pieces);
        const nextScore = await score(next);
        if (nextScore >= bestScore) [best, bestScore] = [next, nextScore];
      }
      expect(bestScore, `best stock mix: ${best.join(' ')}`).toBeLessThan(realMean - 5);
    });
  }

  it('should find a reply about this dialogue relevant and stock comfort or a reply meant for someone else not', () => {
    const [first, second] = loadScenarioSet('en', 'test');
    if (!first || !second) throw new RangeError('the en test set has fewer than two profiles');
    const story = (profile: typeof first) => [`${profile.player}\n${profile.scene}`, profile.first_talk ?? ''];
    const own = dialogueRelevance(first.first_talk ?? '', story(first), 'en');
    const stock = dialogueRelevance(STOCK.en[0] ?? '', story(first), 'en');
    const elsewhere = dialogueRelevance(second.first_talk ?? '', story(first), 'en');
    expect(own.own).toBeGreaterThan(stock.own + 0.5);
    expect(own.margin).toBeGreaterThan(0.5);
    expect(stock.margin).toBeLessThan(0.25);
    expect(elsewhere.own).toBeLessThan(own.own);
  });
});
