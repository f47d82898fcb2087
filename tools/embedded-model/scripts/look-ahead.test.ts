import { selectProfiles } from '@rlver/factories';
import { createOfflineSimulator } from '@rlver/simulator';
import type { SimulatorState } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { keyOf, lookAhead, negativeReasons, recordingSimulator } from './look-ahead';

const [profile] = selectProfiles({ lang: 'en', limit: 1, requireFirstTalk: true }).profiles;
if (!profile) throw new Error('look-ahead test: no shipped en test profile with a first_talk');

const replies = [
  "I'm here. Take your time.",
  'That sounds really hard. What happened after that, and how are you holding up now?',
  'Just get over it.',
];

describe('recordingSimulator and lookAhead', () => {
  it('notes every state by its history and replays candidates in it, picking the highest emotion', async () => {
    const inner = createOfflineSimulator({ preset: 'sage' });
    const states = new Map<string, SimulatorState>();
    const simulator = recordingSimulator(inner, states);
    const opener = await simulator.doStart({ profile, seed: 3 });
    const key = keyOf([
      { role: 'system', content: 'ignored' },
      { role: 'user', content: opener.message },
    ]);
    const state = states.get(key);
    expect(state).toBe(opener.state);

    const { best, outcomes } = await lookAhead(inner, state as SimulatorState, replies);
    const direct = await Promise.all(replies.map((reply) => inner.doRespond({ state: opener.state, reply })));
    expect(outcomes.map((outcome) => outcome.emotion)).toEqual(direct.map((outcome) => outcome.emotion));
    expect(best.emotion).toBe(Math.max(...direct.map((outcome) => outcome.emotion)));
    expect(replies[best.index]).toBeDefined();
    // Replaying through the unwrapped simulator records nothing new.
    expect(states.size).toBe(1);
  });

  it('breaks a tie by the first candidate and refuses an empty list', async () => {
    const inner = createOfflineSimulator({ preset: 'sage' });
    const opener = await inner.doStart({ profile, seed: 3 });
    const same = replies[1] as string;
    expect((await lookAhead(inner, opener.state, [same, same])).best.index).toBe(0);
    await expect(lookAhead(inner, opener.state, [])).rejects.toThrow(/no candidate replies/);
  });
});

describe('negativeReasons', () => {
  it('keeps the negatively weighted reasons, weight and quoted words dropped', () => {
    expect(
      negativeReasons('你只是把我的话塞进一句套话里（“你做得很好。”）(-20)；跟陌生人说这些 (+1)。情绪变化：-10'),
    ).toEqual(['你只是把我的话塞进一句套话里“…”']);
  });
});
