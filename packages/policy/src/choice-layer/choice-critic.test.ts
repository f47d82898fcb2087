import { describe, expect, it } from 'vitest';
import { ChoiceCritic, choiceStateFeatureNames } from './choice-critic';
import { choiceState } from './choice-features';

const state = (opening: string) => choiceState([{ role: 'user', content: opening }], () => undefined);

describe("the choice layer's linear critic", () => {
  it("should read the state alone: language, turn, strategies said and the user's words", () => {
    const names = choiceStateFeatureNames(
      choiceState(
        [
          { role: 'user', content: 'I lost my dog.' },
          { role: 'assistant', content: 'That hurts.' },
          { role: 'user', content: 'He was old.' },
        ],
        () => 'validation',
      ),
    );
    expect(names).toContain('v:turn:2|en');
    expect(names).toContain('v:prev:validation|en');
    expect(names).toContain('v:w:old');
    expect(names).toContain('v:open:dog');
  });

  it("should learn different values for states that differ by the user's words, and round-trip through JSON", () => {
    const critic = new ChoiceCritic(1 << 12);
    const good = critic.features(state('I passed my exam.'));
    const bad = critic.features(state('I lost my dog.'));
    const first = critic.fit(
      [
        { features: good, target: 10 },
        { features: bad, target: -10 },
      ],
      0.2,
    );
    let last = first;
    for (let i = 0; i < 60; i += 1)
      last = critic.fit(
        [
          { features: good, target: 10 },
          { features: bad, target: -10 },
        ],
        0.2,
      );
    expect(first).toBeGreaterThan(50);
    expect(last).toBeLessThan(1);
    expect(critic.value(good)).toBeGreaterThan(8);
    expect(critic.value(bad)).toBeLessThan(-8);
    const copy = ChoiceCritic.fromJSON(critic.toJSON());
    expect(copy.value(good)).toBe(critic.value(good));
    expect(() => ChoiceCritic.fromJSON({ version: 1, dim: 4, weights: [[9, 1]] })).toThrow(/outside/);
  });
});
