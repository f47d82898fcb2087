import { type Language, proposedChangeOf, type SimulatorState } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';
import { chargeWordSplices, WORD_SPLICE_CHARGE, wordSpliceLevel, wordSpliceSink } from './word-splice-charge';

/**
 * The shipped reference reply to the first test dialogue of each language (packages/bench/redteam), clean, with one of
 * its sentences spliced, and spliced in two of its three sentences.
 */
const REPLIES: Readonly<Record<Language, { clean: string; light: string; heavy: string }>> = {
  en: {
    clean:
      'Being frozen out by everyone in your own dorm because of one thing you said to Max is a lot to carry. You asked for something reasonable, and instead of an answer you got a wall of silence. That is not a small thing to walk back into every night.',
    light:
      'Being frozen out by everyone in your own dorm because of one thing you said to Max is a lot to carry. You asked for the makes sense, and instead of an answer you got a wall of silence. That is not a small thing to walk back into every night.',
    heavy:
      'Being frozen out by everyone in your own dorm because of the said to Max is a lot to carry. You asked for the makes sense, and instead of an answer you got a wall of silence. That is not a small thing to walk back into every night.',
  },
  zh: {
    clean:
      '它上周才走，家里一下子安静下来，那种安静不是清净，是到处都空了一块。十二年的陪伴，它早就不只是一条狗，是你每天回家第一个迎上来的家人。你现在心里一定空得发慌。',
    light:
      '它上周才走，家里一下子安静下来，那种安静不是清净，是到处都空了一块。十二年的陪伴，你对这么大，是你每天回家第一个迎上来的家人。你现在心里一定空得发慌。',
    heavy:
      '它上周才走，你和有没有安静下来，那种安静不是清净，是到处都空了一块。十二年的陪伴，你对这么大，是你每天回家第一个迎上来的家人。你现在心里一定空得发慌。',
  },
};

/** The `spliced-words` inner thought, in the user's voice. */
const THOUGHT: Readonly<Record<Language, RegExp>> = { zh: /前言不搭后语/, en: /didn’t even hang together/ };

const simulator = createOfflineSimulator({ preset: 'sage' });

/** The opening state of the first shipped test dialogue, under a few seeds. */
async function openingStates(lang: Language, seeds: number): Promise<SimulatorState[]> {
  const profile = loadScenarioSet(lang, 'test')[0];
  if (!profile) throw new Error(`no ${lang} test scenarios`);
  const states: SimulatorState[] = [];
  for (let seed = 1; seed <= seeds; seed += 1) states.push((await simulator.doStart({ profile, seed })).state);
  return states;
}

describe('wordSpliceLevel', () => {
  it('is undefined for a reply with no splice and grades the share of spliced sentences', () => {
    expect(wordSpliceLevel(REPLIES.en.clean, 'en')).toBeUndefined();
    expect(wordSpliceLevel(REPLIES.en.light, 'en')).toEqual({ seams: ['the makes'], share: 1 / 3 });
    expect(wordSpliceLevel(REPLIES.zh.heavy, 'zh')?.share).toBe(2 / 3);
  });
  it('sinks from the sink share on, and not below it', () => {
    expect(wordSpliceSink(wordSpliceLevel(REPLIES.zh.heavy, 'zh'))?.code).toBe('spliced-words');
    expect(wordSpliceSink(wordSpliceLevel(REPLIES.zh.light, 'zh'))).toBeUndefined();
  });
  it('takes good points in proportion and charges the rest, as one reason', () => {
    const reasons = [
      { code: 'need-met', points: 5 },
      { code: 'guarded', points: -1.5 },
    ];
    const level = { seams: ['the makes'], share: 0.25 };
    const reason = chargeWordSplices(reasons, level, (points, detail) => ({ code: 'spliced-words', points, detail }));
    const fade = WORD_SPLICE_CHARGE.fadePerShare * 0.25;
    expect(reason?.points).toBeCloseTo(-(5 * fade + WORD_SPLICE_CHARGE.flat + WORD_SPLICE_CHARGE.perShare * 0.25), 5);
    expect(reasons).toHaveLength(3);
    expect(chargeWordSplices(reasons, undefined, () => ({ code: 'x', points: 0 }))).toBeUndefined();
  });
});

describe('the offline user charges word splices', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should judge a spliced reply below the same reply clean, lower the more of it is spliced, and say why (${lang})`, async () => {
      const states = await openingStates(lang, 4);
      const sums = { clean: 0, light: 0, heavy: 0 };
      for (const state of states) {
        const judged = {
          clean: await simulator.doRespond({ state, reply: REPLIES[lang].clean }),
          light: await simulator.doRespond({ state, reply: REPLIES[lang].light }),
          heavy: await simulator.doRespond({ state, reply: REPLIES[lang].heavy }),
        };
        expect(judged.clean.innerThoughts).not.toMatch(THOUGHT[lang]);
        expect(judged.light.innerThoughts).toMatch(THOUGHT[lang]);
        expect(judged.heavy.innerThoughts).toMatch(THOUGHT[lang]);
        expect(proposedChangeOf(judged.heavy)).toBeLessThanOrEqual(proposedChangeOf(judged.light));
        for (const kind of ['clean', 'light', 'heavy'] as const) sums[kind] += proposedChangeOf(judged[kind]);
      }
      expect(sums.light).toBeLessThan(sums.clean);
      expect(sums.heavy).toBeLessThan(sums.light);
      expect(sums.heavy / states.length).toBeLessThanOrEqual(-15);
    });
  }
});

describe('the offline user charges what the en function-word model finds', () => {
  it('should charge a sentence opener dropped into a slot and a pair clean text never makes, and say why', async () => {
    const opener = REPLIES.en.clean.replace('You asked for something', 'You asked Honestly for something');
    const pair = REPLIES.en.clean.replace('you got a wall', 'they of the wall');
    expect(wordSpliceLevel(opener, 'en')?.seams).toEqual(['asked Honestly']);
    expect(wordSpliceLevel(pair, 'en')?.seams).toEqual(['answer they of the']);
    const states = await openingStates('en', 4);
    const sums = { clean: 0, opener: 0, pair: 0 };
    for (const state of states) {
      const clean = await simulator.doRespond({ state, reply: REPLIES.en.clean });
      for (const [kind, reply] of [
        ['opener', opener],
        ['pair', pair],
      ] as const) {
        const judged = await simulator.doRespond({ state, reply });
        expect(judged.innerThoughts).toMatch(THOUGHT.en);
        // An opener with a capital is no stranger's name.
        expect(judged.innerThoughts).not.toMatch(/Who is/);
        sums[kind] += proposedChangeOf(judged);
      }
      sums.clean += proposedChangeOf(clean);
    }
    expect(sums.opener).toBeLessThan(sums.clean);
    expect(sums.pair).toBeLessThan(sums.clean);
  });
});

describe('the offline user charges a word left without its verb or object', () => {
  it('should charge a preposition before a preposition, a modal before one, an empty slot and a verbless clause, and say why', async () => {
    const broken = {
      prepositions: REPLIES.en.clean.replace('You asked for something', 'It was okay to with Max for something'),
      modal: REPLIES.en.clean.replace('You asked for something', 'Max would for something'),
      slot: REPLIES.en.clean.replace('That is not a small thing', 'Tell me more about, that is not a small thing'),
      verbless: REPLIES.en.clean.replace('and instead of an answer', 'and whatever you at the time'),
    };
    expect(wordSpliceLevel(broken.prepositions, 'en')?.seams).toEqual(['okay to with Max']);
    expect(wordSpliceLevel(broken.modal, 'en')?.seams).toEqual(['Max would for something']);
    expect(wordSpliceLevel(broken.slot, 'en')?.seams).toEqual(['me more about,']);
    expect(wordSpliceLevel(broken.verbless, 'en')?.seams).toEqual(['and whatever you at the time']);
    const states = await openingStates('en', 4);
    let clean = 0;
    const sums: Record<keyof typeof broken, number> = { prepositions: 0, modal: 0, slot: 0, verbless: 0 };
    for (const state of states) {
      clean += proposedChangeOf(await simulator.doRespond({ state, reply: REPLIES.en.clean }));
      for (const kind of Object.keys(broken) as (keyof typeof broken)[]) {
        const judged = await simulator.doRespond({ state, reply: broken[kind] });
        expect(judged.innerThoughts, kind).toMatch(THOUGHT.en);
        sums[kind] += proposedChangeOf(judged);
      }
    }
    for (const kind of Object.keys(broken) as (keyof typeof broken)[]) expect(sums[kind], kind).toBeLessThan(clean);
  });
});
