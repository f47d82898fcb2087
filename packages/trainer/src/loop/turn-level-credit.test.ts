import { createTestProfile } from '@rlver/env/test';
import type { Trajectory, TrajectoryTurn } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { splitIntoTurnReturns } from './turn-level-credit';

function turn(index: number, delta: number, scored = true): TrajectoryTurn {
  return {
    index,
    rawOutput: 'r',
    reply: 'r',
    think: null,
    userMessage: scored ? 'u' : null,
    emotion: 0,
    delta,
    band: 'C',
    innerThoughts: '',
    strategyLabels: [],
    scored,
    promptTokenCount: 1,
    outputTokenCount: 1,
    policyLatencyMs: 0,
    simulatorLatencyMs: 0,
    simulatorCalls: 0,
    tokens: { promptIds: [1], outputIds: [2], logProbs: [-1] },
  };
}

function trajectory(turns: TrajectoryTurn[], stopReason: Trajectory['stopReason'] = 'max_turns'): Trajectory {
  return {
    schemaVersion: 1,
    episodeId: 'e',
    profileId: createTestProfile().id,
    lang: 'en',
    seed: 0,
    preset: 'rlver-train',
    policyId: 'p',
    simulatorId: 's',
    systemPrompt: '',
    opening: { message: 'hi', emotion: 30 },
    turns,
    finalEmotion: 30 + turns.reduce((sum, item) => sum + item.delta, 0),
    reward: 0.5,
    stopReason,
    truncated: false,
    startedAt: '',
    durationMs: 0,
  };
}

describe('splitIntoTurnReturns', () => {
  it('should give each judged turn its discounted return of emotion changes (worked by hand)', () => {
    const split = splitIntoTurnReturns([trajectory([turn(1, 10), turn(2, -5), turn(3, 10, false)])], 0.5);
    // turn 2: -5 → -0.05; turn 1: 10 + 0.5 × (-5) = 7.5 → 0.075; the unjudged turn 3 is dropped.
    expect(split.map((item) => item.reward)).toEqual([0.075, -0.05]);
    expect(split.map((item) => item.turns.map((t) => t.index))).toEqual([[1], [2]]);
    expect(new Set(split.map((item) => item.episodeId)).size).toBe(2);
  });
  it('should equal final − emotion before the turn when γ = 1', () => {
    const split = splitIntoTurnReturns([trajectory([turn(1, 10), turn(2, -5), turn(3, 5)])], 1);
    expect(split.map((item) => Math.round(item.reward * 100))).toEqual([10, 0, 5]);
  });
  it('should pass errored dialogues through unchanged', () => {
    const errored = trajectory([turn(1, 10)], 'error');
    expect(splitIntoTurnReturns([errored], 0)).toEqual([errored]);
  });

  it('should make a turn with alternatives a turn-level group sharing the continuation (worked by hand)', () => {
    const branched = { ...turn(1, 5), alternatives: [turn(1, -10), turn(1, 10, false), turn(1, 0)] };
    const [first, , , second] = splitIntoTurnReturns([trajectory([branched, turn(2, 10)])], 0.5);
    const split = splitIntoTurnReturns([trajectory([branched, turn(2, 10)])], 0.5);
    // Continuation after turn 1: G_2 = 10. Members: (5 + 5) / 100, (−10 + 5) / 100, (0 + 5) / 100; the unjudged
    // alternative is dropped; turn 2 has no alternatives and keeps the dialogue's (absent) group.
    expect(split.map((item) => item.reward)).toEqual([0.1, -0.05, 0.05, 0.1]);
    expect(split.slice(0, 3).map((item) => item.groupId)).toEqual(['e/turn-1', 'e/turn-1', 'e/turn-1']);
    expect(second?.groupId).toBeUndefined();
    expect(first?.turns[0]).not.toHaveProperty('alternatives');
    expect(new Set(split.map((item) => item.episodeId)).size).toBe(4);
  });

  it('should credit an empty final reply with the change to the empty-reply emotion (worked by hand)', () => {
    const empty = { ...turn(2, 0, false), emotion: 35, reply: '' };
    const ended = trajectory([{ ...turn(1, 5), emotion: 35 }, empty], 'policy_empty');
    // Empty turn: 0 − 35 = −35 → −0.35; turn 1: 5 + 0.5 × (−35) = −12.5 → −0.125.
    expect(splitIntoTurnReturns([ended], 0.5).map((item) => item.reward)).toEqual([-0.125, -0.35]);
    // With the reference behaviour (null) the empty turn carries no credit and is dropped.
    expect(splitIntoTurnReturns([ended], 0.5, { emptyReplyEmotion: null }).map((item) => item.reward)).toEqual([0.05]);
  });
});
