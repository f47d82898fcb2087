import { type PolicyRequest, type StopReason, trajectorySchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { runEpisode } from './run-episode';
import {
  createScriptedPolicy,
  createScriptedTagger,
  createScriptedUserSimulator,
  createTestProfile,
  SCRIPTED_SETTINGS,
  type ScriptedUserTurn,
} from './test/index';

const profile = createTestProfile();
const steady: ScriptedUserTurn[] = [{ message: 'go on', delta: 0 }];

describe('runEpisode', () => {
  it('should generate 10 replies and leave the 10th unjudged under the sage preset', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady, settings: SCRIPTED_SETTINGS.sage });
    const policy = createScriptedPolicy({ outputs: (_, turn) => `reply ${turn + 1}` });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy });
    expect(trajectory.turns).toHaveLength(10);
    expect(trajectory.turns.map((turn) => turn.scored)).toEqual([...Array(9).fill(true), false]);
    expect(trajectory.turns[9]?.userMessage).toBeNull();
    expect(simulator.calls.filter((call) => call.kind === 'respond')).toHaveLength(9);
    expect(policy.requests).toHaveLength(10);
    expect(trajectory.stopReason).toBe('max_turns');
    expect(trajectory.truncated).toBe(true);
    expect(trajectory.preset).toBe('sage');
    expect(trajectorySchema.parse(trajectory)).toEqual(trajectory);
  });

  it('should judge every reply under the rlver-train preset', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [{ message: 'hm', delta: 5 }],
      settings: SCRIPTED_SETTINGS['rlver-train'],
    });
    const policy = createScriptedPolicy({ outputs: ['ok'] });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy });
    expect(trajectory.turns).toHaveLength(8);
    expect(trajectory.turns.every((turn) => turn.scored)).toBe(true);
    expect(simulator.calls.filter((call) => call.kind === 'respond')).toHaveLength(8);
    expect(trajectory.opening.emotion).toBe(30);
    expect(trajectory.finalEmotion).toBe(70);
    expect(trajectory.reward).toBeCloseTo(0.7);
    expect(trajectory.preset).toBe('rlver-train');
  });

  const stopCases: Array<{ name: StopReason; turns: ScriptedUserTurn[]; outputs: string[]; length: number }> = [
    {
      name: 'error',
      turns: [steady[0] as ScriptedUserTurn, { message: '', delta: 0, error: 'simulator down' }],
      outputs: ['a'],
      length: 2,
    },
    { name: 'goodbye', turns: [{ message: 'fine, bye', delta: 0, ended: 'goodbye' }], outputs: ['a'], length: 1 },
    { name: 'ceiling', turns: [{ message: 'great', delta: 10 }], outputs: ['a'], length: 6 },
    { name: 'floor', turns: [{ message: 'ugh', delta: -10 }], outputs: ['a'], length: 4 },
    { name: 'max_turns', turns: steady, outputs: ['a'], length: 10 },
    { name: 'policy_empty', turns: steady, outputs: ['a', '<think>nothing to say</think>'], length: 2 },
  ];
  for (const stopCase of stopCases) {
    it(`should stop with ${stopCase.name} after ${stopCase.length} turns`, async () => {
      const simulator = createScriptedUserSimulator({ turns: stopCase.turns });
      const policy = createScriptedPolicy({ outputs: stopCase.outputs });
      const trajectory = await runEpisode({ profile, seed: 3, simulator, policy, maxRetries: 0 });
      expect(trajectory.stopReason).toBe(stopCase.name);
      expect(trajectory.turns).toHaveLength(stopCase.length);
      expect(trajectory.truncated).toBe(stopCase.name === 'max_turns');
      expect(trajectory.error !== undefined).toBe(stopCase.name === 'error');
    });
  }

  it('should stop with length_budget when the next prompt exceeds the budget', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady });
    const policy = createScriptedPolicy({ outputs: ['a'] });
    const countTokens = (messages: readonly unknown[]) => messages.length * 100;
    const trajectory = await runEpisode({
      profile,
      seed: 3,
      simulator,
      policy,
      lengthBudget: { maxPromptTokens: 650, countTokens },
    });
    // system + opener + 2 per turn: after turn 3 the prompt has 8 messages = 800 tokens.
    expect(trajectory.stopReason).toBe('length_budget');
    expect(trajectory.turns).toHaveLength(3);
    expect(trajectory.truncated).toBe(true);
  });

  it('should apply the stop predicates in the fixed order', async () => {
    const goodbyeAtCeiling = createScriptedUserSimulator({
      turns: [{ message: 'wonderful, bye', delta: 100, ended: 'goodbye' }],
    });
    const first = await runEpisode({
      profile,
      seed: 1,
      simulator: goodbyeAtCeiling,
      policy: createScriptedPolicy({ outputs: ['a'] }),
    });
    expect(first.stopReason).toBe('goodbye');
    const emptyAtCap = createScriptedUserSimulator({ turns: steady });
    const outputs = [...Array(9).fill('a'), ''];
    const second = await runEpisode({
      profile,
      seed: 1,
      simulator: emptyAtCap,
      policy: createScriptedPolicy({ outputs }),
    });
    expect(second.stopReason).toBe('max_turns');
    expect(second.turns).toHaveLength(10);
  });

  it('should record a policy failure as stopReason error without throwing', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady });
    const policy = createScriptedPolicy({ outputs: ['a'], failWhen: (request) => request.messages.length > 4 });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy, maxRetries: 0 });
    expect(trajectory.stopReason).toBe('error');
    expect(trajectory.error?.message).toContain('scripted policy failure');
    expect(trajectory.turns).toHaveLength(2);
  });

  it('should strip <think> text from the simulator input and from the policy context', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady });
    const policy = createScriptedPolicy({
      outputs: (_, turn) => `<think>secret-plan-${turn}</think>\nvisible ${turn}`,
    });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy });
    const replies = simulator.calls.flatMap((call) => (call.reply === undefined ? [] : [call.reply]));
    expect(replies).toHaveLength(9);
    expect(replies.some((reply) => reply.includes('secret') || reply.includes('<think>'))).toBe(false);
    expect(JSON.stringify(policy.requests)).not.toContain('secret-plan');
    expect(
      policy.requests[3]?.messages.filter((message) => message.role === 'assistant').map((message) => message.content),
    ).toEqual(['visible 0', 'visible 1', 'visible 2']);
    expect(trajectory.turns[2]?.think).toBe('secret-plan-2');
    expect(trajectory.turns[2]?.rawOutput).toContain('<think>secret-plan-2</think>');
    expect(trajectory.turns[2]?.reply).toBe('visible 2');
  });

  it('should show the policy only message contents, never the profile, intention or emotion', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [{ message: 'hmm', delta: 5, innerThoughts: 'INNER-THOUGHT-MARKER' }],
    });
    const policy = createScriptedPolicy({ outputs: ['a'] });
    await runEpisode({ profile, seed: 1, simulator, policy });
    for (const request of policy.requests) {
      expect(request.messages.map((message) => message.role)).toEqual(
        request.messages.map((_, index) => (index === 0 ? 'system' : index % 2 === 1 ? 'user' : 'assistant')),
      );
      for (const message of request.messages) expect(Object.keys(message).sort()).toEqual(['content', 'role']);
    }
    const seen = JSON.stringify(policy.requests);
    for (const secret of [
      'SECRET-INTENTION-MARKER',
      profile.player,
      'bakery owner',
      'INNER-THOUGHT-MARKER',
      'emotion-point',
      '"emotion"',
      '"band"',
    ]) {
      expect(seen).not.toContain(secret);
    }
  });

  it('should give per-turn shaped rewards when asked and record the shaping', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'ok', delta: 5 },
        { message: 'no', delta: -10 },
      ],
    });
    const rewards: number[] = [];
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      rewardShaping: 'per-turn',
      onTurnEnd: (result) => rewards.push(result.reward),
    });
    expect(rewards.slice(0, 2)).toEqual([0.05, -0.1]);
    expect(rewards.reduce((sum, reward) => sum + reward, 0)).toBeCloseTo((trajectory.finalEmotion - 40) / 100);
    expect(trajectory.rewardShaping).toBe('per-turn');
    expect(trajectory.reward).toBe(Math.max(trajectory.finalEmotion / 100, 0));
  });

  it('should clip the terminal reward at 0 when the emotion goes negative', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [{ message: 'awful', delta: -45 }],
      settings: SCRIPTED_SETTINGS['rlver-train'],
    });
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
    });
    expect(trajectory.finalEmotion).toBe(-15);
    expect(trajectory.stopReason).toBe('floor');
    expect(trajectory.reward).toBe(0);
  });

  it('should tag each visible reply and survive a tagger failure', async () => {
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'ok', delta: 0 },
        { message: 'bye', delta: 0, ended: 'goodbye' },
      ],
    });
    const tagger = createScriptedTagger((text) => (text.includes('broken') ? new Error('tagger down') : ['praise']));
    const taggerErrors: string[] = [];
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      tagger,
      policy: createScriptedPolicy({ outputs: ['<think>x</think>you did well', 'broken'] }),
      onTurnEnd: (result) => result.taggerError && taggerErrors.push(result.taggerError),
    });
    expect(trajectory.turns.map((turn) => turn.strategyLabels)).toEqual([['praise'], []]);
    expect(taggerErrors).toEqual(['tagger down']);
    expect(trajectory.stopReason).toBe('goodbye');
  });

  it('should end a simulator call that exceeds its timeout as an error after bounded retries', async () => {
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'slow', delta: 0, delayMs: 500 }] });
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      simulatorTimeoutMs: 20,
      maxRetries: 1,
    });
    expect(trajectory.stopReason).toBe('error');
    expect(trajectory.error?.name).toBe('RLVER_CallTimeoutError');
    expect(simulator.calls.filter((call) => call.kind === 'respond')).toHaveLength(2);
  });

  it('should record a failed simulator start as an error trajectory', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady, startError: 'no opener' });
    const policy = createScriptedPolicy({ outputs: ['a'] });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy, maxRetries: 0 });
    expect(trajectory.stopReason).toBe('error');
    expect(trajectory.error?.message).toBe('no opener');
    expect(policy.requests).toHaveLength(0);
  });

  it('should end as interrupted when aborted mid-episode', async () => {
    const controller = new AbortController();
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'go on', delta: 0, delayMs: 10 }] });
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      signal: controller.signal,
      onTurnEnd: (result) => result.turn?.index === 2 && controller.abort(),
    });
    expect(trajectory.stopReason).toBe('interrupted');
    expect(trajectory.turns).toHaveLength(2);
  });

  it('should judge every branch from the same state and continue with one of them', async () => {
    let calls = 0;
    // Replies are numbered in call order; the user likes even numbers (+5) and dislikes odd ones (−5).
    const policy = createScriptedPolicy({ outputs: () => `reply ${calls++}` });
    const simulator = createScriptedUserSimulator({
      turns: (reply) => ({ message: `heard ${reply}`, delta: Number(reply.split(' ')[1]) % 2 === 0 ? 5 : -5 }),
      settings: { ...SCRIPTED_SETTINGS['rlver-train'], maxPolicyTurns: 3 },
    });
    const trajectory = await runEpisode({ profile, seed: 3, simulator, policy, branching: 3 });
    expect(trajectorySchema.parse(trajectory)).toEqual(trajectory);
    expect(trajectory.turns).toHaveLength(3);
    expect(simulator.calls.filter((call) => call.kind === 'respond')).toHaveLength(9);
    let emotion = trajectory.opening.emotion;
    for (const turn of trajectory.turns) {
      const replies = [turn, ...(turn.alternatives ?? [])];
      expect(turn.alternatives).toHaveLength(2);
      expect(new Set(replies.map((reply) => reply.reply)).size).toBe(3);
      for (const reply of replies) {
        // Every branch starts from the emotion before the turn.
        expect(reply.emotion - reply.delta).toBe(emotion);
        expect(reply.userMessage).toBe(`heard ${reply.reply}`);
      }
      emotion = turn.emotion;
    }
    // The policy's next context holds the continuing reply only.
    const secondTurnContext = policy.requests[3]?.messages ?? [];
    expect(secondTurnContext.filter((message) => message.role === 'assistant').map((m) => m.content)).toEqual([
      trajectory.turns[0]?.reply,
    ]);
    expect(trajectory.finalEmotion).toBe(emotion);
  });

  it('should train the policy’s listed candidates as the turn’s group, the sampled reply continuing', async () => {
    let calls = 0;
    const listed: { limit: number; exclude: readonly string[]; seed: number | undefined }[] = [];
    const scripted = createScriptedPolicy({ outputs: () => `sampled ${calls++}` });
    const candidateText = ['c 0', 'c 1', 'c 2', 'c 3', 'c 4'];
    const policy = {
      ...scripted,
      doAct: scripted.doAct.bind(scripted),
      async doCandidates(options: { request: PolicyRequest; limit: number; exclude?: readonly string[] }) {
        listed.push({ limit: options.limit, exclude: options.exclude ?? [], seed: options.request.seed });
        const open = candidateText.filter((text) => !(options.exclude ?? []).includes(text));
        return open.slice(0, options.limit).map((text) => ({
          text,
          finishReason: 'stop' as const,
          promptTokenCount: 0,
          outputTokenCount: 1,
          latencyMs: 0,
        }));
      },
    };
    // The user likes the candidates whose number is even (+5), dislikes the rest (−5).
    const simulator = createScriptedUserSimulator({
      turns: (reply) => ({ message: `heard ${reply}`, delta: Number(reply.split(' ')[1]) % 2 === 0 ? 5 : -5 }),
      settings: { ...SCRIPTED_SETTINGS['rlver-train'], maxPolicyTurns: 2 },
    });
    const trajectory = await runEpisode({ profile, seed: 3, simulator, policy, branchCandidates: 4 });
    expect(trajectorySchema.parse(trajectory)).toEqual(trajectory);
    expect(trajectory.turns).toHaveLength(2);
    let emotion = trajectory.opening.emotion;
    for (const [index, turn] of trajectory.turns.entries()) {
      // The sampled reply continues; the three listed candidates are its group, each judged from the same state.
      expect(turn.reply).toBe(`sampled ${index}`);
      expect(turn.alternatives?.map((reply) => reply.reply)).toEqual(['c 0', 'c 1', 'c 2']);
      for (const reply of [turn, ...(turn.alternatives ?? [])]) expect(reply.emotion - reply.delta).toBe(emotion);
      emotion = turn.emotion;
    }
    expect(listed.map((call) => call.limit)).toEqual([3, 3]);
    expect(listed.map((call) => call.exclude)).toEqual([['sampled 0'], ['sampled 1']]);
    expect(new Set(listed.map((call) => call.seed)).size).toBe(2);
    // The policy's next context holds the continuing reply only.
    const secondContext = scripted.requests[1]?.messages ?? [];
    expect(secondContext.filter((message) => message.role === 'assistant').map((m) => m.content)).toEqual([
      'sampled 0',
    ]);
  });

  it('should go on with the sampled reply when listing the candidates fails (one failed listing sinks nothing)', async () => {
    let calls = 0;
    let listings = 0;
    const scripted = createScriptedPolicy({ outputs: () => `sampled ${calls++}` });
    const policy = {
      ...scripted,
      doAct: scripted.doAct.bind(scripted),
      async doCandidates(): Promise<never> {
        listings += 1;
        throw new Error('scoring the candidates failed');
      },
    };
    const simulator = createScriptedUserSimulator({
      turns: steady,
      settings: { ...SCRIPTED_SETTINGS['rlver-train'], maxPolicyTurns: 2 },
    });
    const trajectory = await runEpisode({ profile, seed: 3, simulator, policy, branchCandidates: 4, maxRetries: 0 });
    expect(trajectory.stopReason).not.toBe('error');
    expect(trajectory.turns.map((turn) => turn.reply)).toEqual(['sampled 0', 'sampled 1']);
    expect(trajectory.turns.every((turn) => turn.alternatives === undefined)).toBe(true);
    expect(listings).toBe(2);
  });

  it('should refuse enumerated branching for a policy that cannot list its candidates, naming the flag', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady });
    const policy = createScriptedPolicy({ outputs: ['a'] });
    await expect(runEpisode({ profile, seed: 1, simulator, policy, branchCandidates: 4 })).rejects.toThrow(
      /branchCandidates.*phrasebook/,
    );
    await expect(runEpisode({ profile, seed: 1, simulator, policy, branchCandidates: 1 })).rejects.toThrow(
      /branchCandidates is 1 with branching 1/,
    );
  });

  it('should reject a branching that is not a positive integer', async () => {
    const simulator = createScriptedUserSimulator({ turns: steady });
    const policy = createScriptedPolicy({ outputs: ['a'] });
    await expect(runEpisode({ profile, seed: 1, simulator, policy, branching: 0 })).rejects.toThrow(/branching/);
  });
});
