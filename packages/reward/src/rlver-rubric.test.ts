import type { Trajectory, TrajectoryTurn } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRubric } from './create-rubric';
import { placeSampleReward } from './place-sample-reward';
import { createRlverRubric, PAPER_RUBRIC, REPLY_MONITOR_TERMS, terminalReward } from './rlver-rubric';

// Expected values are computed by hand from the formulas the rubric replaced (spec §5.1, the trainer's
// `trainingReward` and `splitIntoTurnReturns`, the env's reward shaping, PPO's token rewards), never by calling them.

function turn(index: number, delta: number, options: Partial<TrajectoryTurn> = {}): TrajectoryTurn {
  const scored = options.scored ?? true;
  return {
    index,
    rawOutput: 'r',
    reply: 'Thank you for telling me.',
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
    ...options,
  };
}

function trajectory(turns: TrajectoryTurn[], options: Partial<Trajectory> = {}): Trajectory {
  return {
    schemaVersion: 1,
    episodeId: 'e',
    profileId: 'p',
    lang: 'en',
    seed: 0,
    preset: 'rlver-train',
    policyId: 'p',
    simulatorId: 's',
    systemPrompt: '',
    opening: { message: 'hi', emotion: 30 },
    turns,
    finalEmotion: 30 + turns.reduce((sum, item) => sum + item.delta, 0),
    reward: Number.NaN,
    stopReason: 'max_turns',
    truncated: false,
    startedAt: '',
    durationMs: 0,
    ...options,
  };
}

const embedded = createRlverRubric({ rewardFloor: null, emptyReplyReward: 0, turnCreditDiscount: 0.5 });
const paperTraining = createRlverRubric({ rewardFloor: 0, emptyReplyReward: 0, turnCreditDiscount: null });

describe('createRlverRubric: terminal reward (spec §5.1, the paper presets)', () => {
  it('should give max(final / 100, 0) with floor 0 (worked by hand)', () => {
    expect(PAPER_RUBRIC.scoreDialogue(trajectory([turn(1, 25)])).reward).toBe(0.55);
    expect(PAPER_RUBRIC.scoreDialogue(trajectory([turn(1, -50)])).reward).toBe(0);
    const ceiling = PAPER_RUBRIC.scoreDialogue(trajectory([turn(1, 70)]));
    expect(ceiling).toEqual({ reward: 1, terms: { final_emotion: 1, reward_floor: 0 } });
  });

  it('should equal Math.max(final / 100, 0) bit for bit for any final emotion (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 100 }), (final) => {
        const score = PAPER_RUBRIC.scoreDialogue(trajectory([], { finalEmotion: final }));
        expect(Object.is(score.reward, Math.max(final / 100, 0))).toBe(true);
      }),
    );
  });

  it('should keep terminalReward as a thin alias of the paper rubric', () => {
    expect([terminalReward(55), terminalReward(-20), terminalReward(100)]).toEqual([0.55, 0, 1]);
  });

  it('should keep scores below 0 without a floor, and lift to a raised floor', () => {
    expect(embedded.scoreDialogue(trajectory([turn(1, -50)])).reward).toBe(-0.2);
    const raised = createRlverRubric({ rewardFloor: 0.1, emptyReplyReward: null, turnCreditDiscount: null });
    const lifted = raised.scoreDialogue(trajectory([turn(1, -25)]));
    expect(lifted.reward).toBeCloseTo(0.1, 12);
    expect(lifted.terms.reward_floor).toBeCloseTo(0.05, 12);
  });

  it('should give a policy_empty dialogue emptyReplyReward, whatever its emotion and the floor (worked by hand)', () => {
    const empty = trajectory([turn(1, 20), turn(2, 0, { scored: false, reply: '', emotion: 50 })], {
      stopReason: 'policy_empty',
    });
    const score = paperTraining.scoreDialogue(empty);
    expect(score.reward).toBe(0);
    expect(score.terms).toEqual({ final_emotion: 0.5, reward_floor: 0, empty_reply: -0.5 });
    // Reference behaviour (null): the emotion counts as it is.
    expect(PAPER_RUBRIC.scoreDialogue(empty).reward).toBe(0.5);
  });

  it('should write the reward once on a copy (withReward) and leave the samples unsplit', () => {
    const dialogue = trajectory([turn(1, 10), turn(2, 5)]);
    const rewarded = paperTraining.withReward(dialogue);
    expect(rewarded.reward).toBe(0.45);
    expect(dialogue.reward).toBeNaN();
    expect(paperTraining.trainingSamples([rewarded])).toEqual([rewarded]);
  });

  it("should give the env's per-turn step reward Δ / 100 and 0 for an unjudged turn", () => {
    const dialogue = trajectory([turn(1, 7)]);
    expect(PAPER_RUBRIC.scoreTurn(turn(1, 7), dialogue)).toBe(0.07);
    expect(PAPER_RUBRIC.scoreTurn(turn(1, 0, { scored: false }), dialogue)).toBe(0);
  });
});

describe('createRlverRubric: turn-level credit (the embedded preset)', () => {
  it('should give each judged turn its discounted return of emotion changes (worked by hand)', () => {
    const split = embedded.trainingSamples([trajectory([turn(1, 10), turn(2, -5), turn(3, 10, { scored: false })])]);
    // turn 2: -5 → -0.05; turn 1: 10 + 0.5 × (-5) = 7.5 → 0.075; the unjudged turn 3 is dropped.
    expect(split.map((item) => item.reward)).toEqual([0.075, -0.05]);
    expect(split.map((item) => item.turns.map((t) => t.index))).toEqual([[1], [2]]);
    expect(split.map((item) => item.episodeId)).toEqual(['e/turn-1', 'e/turn-2']);
  });

  it('should equal final − emotion before the turn when γ = 1 (property)', () => {
    const undiscounted = createRlverRubric({ rewardFloor: null, emptyReplyReward: 0, turnCreditDiscount: 1 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 6 }), (deltas) => {
        const dialogue = trajectory(deltas.map((delta, index) => turn(index + 1, delta)));
        const returns = undiscounted.trainingSamples([dialogue]).map((item) => item.reward);
        const expected = deltas.map((_, index) => deltas.slice(index).reduce((sum, delta) => sum + delta, 0) / 100);
        expect(returns).toEqual(expected);
      }),
    );
  });

  it('should pass errored dialogues through unchanged', () => {
    const errored = trajectory([turn(1, 10)], { stopReason: 'error' });
    expect(embedded.trainingSamples([errored])).toEqual([errored]);
  });

  it('should make a turn with alternatives a turn-level group sharing the continuation (worked by hand)', () => {
    const branched = { ...turn(1, 5), alternatives: [turn(1, -10), turn(1, 10, { scored: false }), turn(1, 0)] };
    const split = embedded.trainingSamples([trajectory([branched, turn(2, 10)])]);
    // Continuation after turn 1: G_2 = 10, γ G_2 = 5. Members: (5 + 5) / 100, (−10 + 5) / 100, (0 + 5) / 100; the
    // unjudged alternative is dropped; turn 2 has no alternatives and keeps the dialogue's (absent) group.
    expect(split.map((item) => item.reward)).toEqual([0.1, -0.05, 0.05, 0.1]);
    expect(split.map((item) => item.groupId)).toEqual(['e/turn-1', 'e/turn-1', 'e/turn-1', undefined]);
    expect(split.map((item) => item.episodeId)).toEqual(['e/turn-1', 'e/turn-1/alt-0', 'e/turn-1/alt-1', 'e/turn-2']);
    expect(split[0]?.turns[0]).not.toHaveProperty('alternatives');
  });

  it('should credit an empty final reply with the change to the empty-reply emotion (worked by hand)', () => {
    const empty = turn(2, 0, { scored: false, emotion: 35, reply: '' });
    const ended = trajectory([turn(1, 5, { emotion: 35 }), empty], { stopReason: 'policy_empty' });
    // Empty turn: 0 − 35 = −35 → −0.35; turn 1: 5 + 0.5 × (−35) = −12.5 → −0.125.
    expect(embedded.trainingSamples([ended]).map((item) => item.reward)).toEqual([-0.125, -0.35]);
    // With the reference behaviour (null) the empty turn carries no credit and is dropped.
    const reference = createRlverRubric({ rewardFloor: null, emptyReplyReward: null, turnCreditDiscount: 0.5 });
    expect(reference.trainingSamples([ended]).map((item) => item.reward)).toEqual([0.05]);
  });

  it('should still write the dialogue reward as final / 100 (what rollouts.jsonl records)', () => {
    expect(embedded.withReward(trajectory([turn(1, 10), turn(2, -5)])).reward).toBe(0.35);
  });
});

describe('logBatch', () => {
  it('should log every term under reward/<name> and monitor/<name>, over non-errored dialogues', () => {
    const clean = trajectory([turn(1, 20, { reply: 'That sounds hard. I am here for you.' })]);
    const broken = trajectory([turn(1, 40, { reply: 'so so so sorry sorry sorry the the noisy nights the' })]);
    const errored = trajectory([turn(1, 60)], { stopReason: 'error' });
    const metrics = paperTraining.logBatch([clean, broken, errored]);
    expect(metrics['reward/final_emotion']).toBeCloseTo((0.5 + 0.7) / 2, 12);
    expect(metrics['reward/reward_floor']).toBe(0);
    expect(metrics['reward/empty_reply']).toBe(0);
    expect(metrics['monitor/degenerate_fraction']).toBe(0.5);
    expect(metrics['monitor/degenerate_cut_off_fraction']).toBe(0.5);
    expect(Object.keys(metrics).filter((key) => key.startsWith('monitor/'))).toEqual(
      REPLY_MONITOR_TERMS.map((term) => `monitor/${term.name}`),
    );
  });
});

describe('createRlverRubric: think format penalty (think runs)', () => {
  const withThink = createRlverRubric({
    rewardFloor: null,
    emptyReplyReward: 0,
    turnCreditDiscount: 0.5,
    thinkFormatPenalty: 0.1,
  });
  const good = (index: number, delta: number) => turn(index, delta, { rawOutput: '<think>\nplan\n</think>\nHello.' });
  const bare = (index: number, delta: number) => turn(index, delta, { rawOutput: 'Hello.' });

  it('should charge each reply out of the think format 10 points on its own turn (worked by hand)', () => {
    const split = withThink.trainingSamples([trajectory([bare(1, 10), good(2, -4)])]);
    // turn 2: −4 → −0.04; turn 1: 10 − 10 + 0.5 × (−4) = −2 → −0.02.
    expect(split.map((item) => item.reward)).toEqual([-0.02, -0.04]);
  });

  it('should rank a well-formed reply above a bare one with the same emotion change within a turn group', () => {
    const branched = { ...good(1, 5), alternatives: [bare(1, 5), good(1, 5)] };
    const rewards = withThink.trainingSamples([trajectory([branched])]).map((item) => item.reward);
    expect(rewards).toEqual([0.05, -0.05, 0.05]);
  });

  it('should lower a dialogue reward by the penalty × the share of malformed replies and log the term', () => {
    const dialogue = trajectory([bare(1, 10), good(2, 10), bare(3, 10), good(4, 10)]);
    expect(withThink.scoreDialogue(dialogue).terms.think_format).toBeCloseTo(-0.05, 12);
    expect(withThink.logBatch([dialogue])['reward/think_format']).toBeCloseTo(-0.05, 12);
    expect(embedded.terms.map((term) => term.name)).not.toContain('think_format');
  });
});

describe('createRubric', () => {
  it('should reject a weighted monitor, a duplicate or non-snake_case name, and a discount outside [0, 1]', () => {
    const term = { name: 'x', weight: 1, description: '', scoreDialogue: () => 1 };
    expect(() => createRubric({ terms: [{ ...term, group: 'monitor' }] })).toThrow(/monitors have weight 0/);
    expect(() => createRubric({ terms: [term, term] })).toThrow(/defined twice/);
    expect(() => createRubric({ terms: [{ ...term, name: 'Final-Emotion' }] })).toThrow(/snake_case/);
    expect(() => createRubric({ terms: [term], turnCreditDiscount: 2 })).toThrow(/turnCreditDiscount is 2/);
  });

  it('should add a new weighted term to the reward and log it', () => {
    const shortReply = { name: 'short_reply', weight: -0.5, description: '', scoreDialogue: () => 1 };
    const rubric = createRubric({ terms: [...PAPER_RUBRIC.terms, shortReply] });
    expect(rubric.scoreDialogue(trajectory([turn(1, 30)])).reward).toBeCloseTo(0.1, 12);
    expect(rubric.logBatch([trajectory([turn(1, 30)])])['reward/short_reply']).toBe(1);
  });
});

describe('placeSampleReward', () => {
  it("should put the sample's reward on its reward position and 0 elsewhere (PPO token rewards)", () => {
    expect(placeSampleReward({ reward: 0.4, rewardPosition: 2, lossMask: [0, 1, 1, 0] })).toEqual([0, 0, 0.4, 0]);
  });
});
