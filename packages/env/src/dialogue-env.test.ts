import { createRlverRubric } from '@rlver/reward';
import { describe, expect, it } from 'vitest';
import { createDialogueEnv } from './dialogue-env';
import { runGroup } from './rollouts/run-group';
import { evaluateStopReason, STOP_PREDICATES } from './stop-predicates';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from './test/index';

const profile = createTestProfile();

describe('createDialogueEnv', () => {
  it('should reset to the user opening message and the initial emotion', async () => {
    const env = createDialogueEnv({ simulator: createScriptedUserSimulator({ turns: [{ message: 'x', delta: 0 }] }) });
    const state = await env.reset({ profile, seed: 9, policyId: 'p' });
    expect(state.opening).toEqual({ message: profile.first_talk, emotion: 40 });
    expect(env.observe(state).map((message) => message.role)).toEqual(['system', 'user']);
    expect(state.episodeId).toBe(`${profile.id}#9`);
    expect(state.done).toBe(false);
  });

  it('should step without mutating the input state', async () => {
    const env = createDialogueEnv({
      simulator: createScriptedUserSimulator({ turns: [{ message: 'better', delta: 5 }] }),
    });
    const state = await env.reset({ profile, seed: 1 });
    const before = JSON.stringify(state);
    const result = await env.step(state, '<think>plan</think>I hear you.');
    expect(JSON.stringify(state)).toBe(before);
    expect(result).toMatchObject({
      userMessage: 'better',
      emotion: 45,
      delta: 5,
      done: false,
      stopReason: undefined,
      reward: 0,
    });
    expect(result.observation.slice(-2)).toEqual([
      { role: 'assistant', content: 'I hear you.' },
      { role: 'user', content: 'better' },
    ]);
    // The same state stepped twice gives the same answer: no per-episode state on the instance.
    const again = await env.step(state, '<think>plan</think>I hear you.');
    expect(again.emotion).toBe(result.emotion);
  });

  it('should give the terminal reward on the final step only', async () => {
    const env = createDialogueEnv({
      simulator: createScriptedUserSimulator({
        turns: [
          { message: 'ok', delta: 10 },
          { message: 'bye', delta: 10, ended: 'goodbye' },
        ],
      }),
    });
    const first = await env.step(await env.reset({ profile, seed: 1 }), 'a');
    const second = await env.step(first.state, 'b');
    expect([first.reward, second.reward]).toEqual([0, 0.6]);
    expect(second.done).toBe(true);
    expect(env.toTrajectory(second.state)).toMatchObject({ stopReason: 'goodbye', finalEmotion: 60, reward: 0.6 });
  });

  it("should write the given rubric's reward: an empty final reply earns emptyReplyReward, not the emotion", async () => {
    const rubric = createRlverRubric({ rewardFloor: null, emptyReplyReward: 0, turnCreditDiscount: 0.5 });
    const env = createDialogueEnv({
      simulator: createScriptedUserSimulator({ turns: [{ message: 'ok', delta: 10 }] }),
      rubric,
    });
    const first = await env.step(await env.reset({ profile, seed: 1 }), 'I hear you.');
    const empty = await env.step(first.state, '   ');
    expect(empty).toMatchObject({ done: true, stopReason: 'policy_empty', reward: 0 });
    expect(env.toTrajectory(empty.state)).toMatchObject({ finalEmotion: 50, reward: 0 });
    // The default (the paper's) rubric keeps the emotion: max(50 / 100, 0).
    const paper = createDialogueEnv({
      simulator: createScriptedUserSimulator({ turns: [{ message: 'ok', delta: 10 }] }),
    });
    const paperFirst = await paper.step(await paper.reset({ profile, seed: 1 }), 'I hear you.');
    expect(paper.toTrajectory((await paper.step(paperFirst.state, '')).state).reward).toBe(0.5);
  });

  it('should start a group with one simulator call and independent clones', async () => {
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'x', delta: 0 }] });
    const env = createDialogueEnv({ simulator });
    const members = await env.startGroup({ profile, seed: 5, size: 4 });
    expect(simulator.calls).toEqual([{ kind: 'start', profileId: profile.id, seed: 5 }]);
    expect(new Set(members.map((member) => member.episodeId)).size).toBe(4);
    for (const member of members) {
      expect(member.opening).toEqual(members[0]?.opening);
      expect(member.simulator).toEqual(members[0]?.simulator);
      expect(member.groupId).toBe(`${profile.id}#5`);
    }
    members[1]?.simulator.history.push({ role: 'user', content: 'mutated' });
    expect(members[2]?.simulator.history).toHaveLength(1);
  });
});

describe('runGroup', () => {
  it('should run n rollouts sharing the opener and simulator state without extra start calls', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'x', delta: 5 },
        { message: 'bye', delta: 0, ended: 'goodbye' },
      ],
    });
    const policy = createScriptedPolicy({ outputs: (request) => `reply for ${request.messages.length}` });
    const trajectories = await runGroup({ profile, size: 4, seed: 11, simulator, policy });
    expect(trajectories).toHaveLength(4);
    expect(simulator.calls.filter((call) => call.kind === 'start')).toHaveLength(1);
    expect(simulator.calls.filter((call) => call.kind === 'respond')).toHaveLength(8);
    expect(new Set(trajectories.map((trajectory) => trajectory.opening.message)).size).toBe(1);
    expect(trajectories.map((trajectory) => trajectory.groupId)).toEqual(Array(4).fill(`${profile.id}#11`));
    expect(trajectories.map((trajectory) => trajectory.seed)).toEqual([11, 11, 11, 11]);
  });
});

describe('evaluateStopReason', () => {
  it('should return the first firing predicate in the fixed order', () => {
    const all = { error: true, ended: 'goodbye' as const, atTurnCap: true, overLengthBudget: true, emptyReply: true };
    expect(STOP_PREDICATES.map(([reason]) => reason)).toEqual([
      'error',
      'goodbye',
      'ceiling',
      'floor',
      'max_turns',
      'length_budget',
      'policy_empty',
    ]);
    expect(evaluateStopReason(all)).toBe('error');
    expect(evaluateStopReason({ ...all, error: false })).toBe('goodbye');
    expect(evaluateStopReason({ ...all, error: false, ended: 'floor' })).toBe('floor');
    expect(evaluateStopReason({ ...all, error: false, ended: undefined })).toBe('max_turns');
    expect(evaluateStopReason({ ...all, error: false, ended: undefined, atTurnCap: false })).toBe('length_budget');
    expect(
      evaluateStopReason({
        error: false,
        ended: undefined,
        atTurnCap: false,
        overLengthBudget: false,
        emptyReply: true,
      }),
    ).toBe('policy_empty');
    expect(
      evaluateStopReason({
        error: false,
        ended: undefined,
        atTurnCap: false,
        overLengthBudget: false,
        emptyReply: false,
      }),
    ).toBeUndefined();
  });
});
