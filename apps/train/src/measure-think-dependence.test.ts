import { describe, expect, it } from 'vitest';
import { type Completer, measureThinkDependence } from './measure-think-dependence';

/** One reply per plan; the rule tagger gives each a different first label (advice, praise, question, self-disclosure). */
const REPLIES: Record<string, string> = {
  advise: 'You should try talking to your boss tomorrow.',
  praise: "You did really well, I'm proud of you.",
  ask: 'What happened after that?',
  share: 'I went through the same thing last year.',
};
const PLANS = Object.keys(REPLIES);
const openings = PLANS.map((_, index) => ({ lang: 'en' as const, text: `opening ${index}` }));
const renderPrompt = (_lang: string, opening: string) => `[${opening}]`;
const planOfOpening = (prompt: string) => PLANS[Number(/opening (\d+)/.exec(prompt)?.[1])] ?? 'advise';

/**
 * A stand-in policy: on a first turn it writes `<think>plan</think>` + the plan's reply; after a given think it
 * writes the reply of the think's plan (`followsThink`) or of the opening's own plan (the think is ignored).
 */
function stubPolicy(followsThink: boolean): Completer {
  return async (prompts) =>
    prompts.map((prompt) => {
      const given = /<think>\n(\w+)\n<\/think>\n$/.exec(prompt)?.[1];
      if (given === undefined) {
        const plan = planOfOpening(prompt);
        return `<think>\n${plan}\n</think>\n${REPLIES[plan]}`;
      }
      return REPLIES[followsThink ? given : planOfOpening(prompt)] ?? '';
    });
}

describe('measureThinkDependence', () => {
  it('should find a reply that follows its think: the swapped think wins, the control keeps its own strategy', async () => {
    const [result] = await measureThinkDependence({ complete: stubPolicy(true), renderPrompt, openings, seed: 0 });
    expect(result).toEqual({
      lang: 'en',
      openings: 4,
      wellFormed: 1,
      swaps: 4,
      followsSwapped: 1,
      followsControl: 0,
      keepsOwnSwapped: 0,
      keepsOwnControl: 1,
    });
  });

  it('should find no dependence when the reply ignores the think', async () => {
    const [result] = await measureThinkDependence({ complete: stubPolicy(false), renderPrompt, openings, seed: 0 });
    expect(result).toMatchObject({ swaps: 4, followsSwapped: 0, followsControl: 0, keepsOwnSwapped: 1 });
  });

  it('should count malformed answers out of the format rate and never pair them', async () => {
    const sometimesBare: Completer = async (prompts, seeds) => {
      const answers = await stubPolicy(true)(prompts, seeds);
      // Openings 0 and 1 answer without a think block.
      return answers.map((answer, row) =>
        /opening [01]\]$/.test(prompts[row] ?? '') ? (REPLIES.advise ?? '') : answer,
      );
    };
    const [result] = await measureThinkDependence({ complete: sometimesBare, renderPrompt, openings, seed: 0 });
    expect(result).toMatchObject({ wellFormed: 0.5, swaps: 2, followsSwapped: 1 });
  });

  it('should give each swapped row the seed of its control row', async () => {
    const seen: number[][] = [];
    const recording: Completer = async (prompts, seeds) => {
      seen.push([...seeds]);
      return stubPolicy(true)(prompts, seeds);
    };
    await measureThinkDependence({ complete: recording, renderPrompt, openings, seed: 3 });
    const second = seen[1] ?? [];
    expect(second).toHaveLength(8);
    expect(second.slice(0, 4)).toEqual(second.slice(4));
    expect(new Set(seen[0]).size).toBe(4);
  });
});
