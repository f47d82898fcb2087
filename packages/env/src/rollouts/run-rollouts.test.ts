import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Profile, Trajectory } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from '../test/index';
import { appendTrajectory, readTrajectories } from '../trajectory/trajectory-jsonl';
import { runRollouts } from './run-rollouts';

function profiles(count: number): Profile[] {
  return Array.from({ length: count }, (_, index) =>
    createTestProfile({ id: `p${index}`, first_talk: `opening of p${index}` }),
  );
}

/** Profile pN says goodbye after N + 1 judged replies, so episodes end at different turns. */
const goodbyeAfterProfileIndex = createScriptedUserSimulator({
  turns: (_, state) =>
    state.turn >= Number(state.profile.id.slice(1))
      ? { message: 'bye', delta: 0, ended: 'goodbye' }
      : { message: 'go on', delta: 0 },
});

describe('runRollouts', () => {
  it('should never run more episodes at once than the concurrency cap', async () => {
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'go on', delta: 0 }], delayMs: 3 });
    const policy = createScriptedPolicy({ outputs: ['a'], delayMs: 2 });
    let live = 0;
    let maxLive = 0;
    const result = await runRollouts({
      profiles: profiles(10),
      seeds: 1,
      simulator,
      policy,
      concurrency: 3,
      onTurnEnd: (turnResult) => {
        if (turnResult.turn?.index === 1) live += 1;
        maxLive = Math.max(maxLive, live);
        if (turnResult.done) live -= 1;
      },
    });
    expect(result.trajectories).toHaveLength(10);
    expect(maxLive).toBe(3);
    expect(simulator.maxInFlight).toBe(3);
    expect(policy.maxInFlight).toBeLessThanOrEqual(3);
    expect(result.trajectories.map((trajectory) => trajectory.profileId)).toEqual(
      profiles(10).map((profile) => profile.id),
    );
  });

  it('should gather every branch of every live episode into one batched call', async () => {
    const policy = createScriptedPolicy({ outputs: ['a'], maxBatchSize: 64 });
    const result = await runRollouts({
      profiles: profiles(4),
      simulator: goodbyeAfterProfileIndex,
      policy,
      concurrency: 4,
      branching: 3,
    });
    // 3 requests per live episode each turn; p0 ends after 1 reply, p1 after 2, …
    expect(policy.batchSizes).toEqual([12, 9, 6, 3]);
    expect(
      result.trajectories.every((trajectory) => trajectory.turns.every((turn) => turn.alternatives?.length === 2)),
    ).toBe(true);
  });

  it('should send the requests of all live episodes in one batched doAct call', async () => {
    const policy = createScriptedPolicy({ outputs: ['a'], maxBatchSize: 16 });
    const result = await runRollouts({
      profiles: profiles(5),
      simulator: goodbyeAfterProfileIndex,
      policy,
      concurrency: 5,
    });
    // p0 ends after 1 reply, p1 after 2, …: every turn, one batch holding every episode still live.
    expect(policy.batchSizes).toEqual([5, 4, 3, 2, 1]);
    expect(result.trajectories.map((trajectory) => trajectory.turns.length)).toEqual([1, 2, 3, 4, 5]);
    expect(result.trajectories.every((trajectory) => trajectory.stopReason === 'goodbye')).toBe(true);
  });

  it('should split a gathered batch into chunks of maxBatchSize', async () => {
    const policy = createScriptedPolicy({ outputs: ['a'], maxBatchSize: 2 });
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'bye', delta: 0, ended: 'goodbye' }] });
    await runRollouts({ profiles: profiles(5), simulator, policy, concurrency: 5 });
    expect(policy.batchSizes).toEqual([2, 2, 1]);
  });

  it('should retry a rejected batch one by one so one bad dialogue fails alone', async () => {
    const policy = createScriptedPolicy({
      outputs: ['a'],
      maxBatchSize: 8,
      failWhen: (request) => request.messages.some((message) => message.content === 'opening of p2'),
    });
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'bye', delta: 0, ended: 'goodbye' }] });
    const result = await runRollouts({ profiles: profiles(4), simulator, policy, concurrency: 4, maxRetries: 0 });
    expect(policy.batchSizes).toEqual([4, 1, 1, 1, 1]);
    expect(result.trajectories.map((trajectory) => trajectory.stopReason)).toEqual([
      'goodbye',
      'goodbye',
      'error',
      'goodbye',
    ]);
    expect(result.trajectories[2]?.error?.message).toContain('scripted policy failure');
  });

  it('should record one failing episode and keep running the others', async () => {
    const simulator = createScriptedUserSimulator({
      turns: (_, state) =>
        state.profile.id === 'p1'
          ? { message: '', delta: 0, error: 'agent crashed' }
          : { message: 'bye', delta: 0, ended: 'goodbye' },
    });
    const result = await runRollouts({
      profiles: profiles(4),
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      concurrency: 2,
      maxRetries: 0,
    });
    expect(result.trajectories.map((trajectory) => trajectory.stopReason)).toEqual([
      'goodbye',
      'error',
      'goodbye',
      'goodbye',
    ]);
    expect(result.trajectories[1]?.error).toEqual({ name: 'RLVER_LLMCallError', message: 'agent crashed' });
  });

  it('should keep finished episodes and mark running ones interrupted on abort', async () => {
    const controller = new AbortController();
    const ended: Trajectory[] = [];
    const simulator = createScriptedUserSimulator({
      turns: (_, state) =>
        state.profile.id === 'p0'
          ? { message: 'bye', delta: 0, ended: 'goodbye' }
          : { message: 'go on', delta: 0, delayMs: 20 },
    });
    const result = await runRollouts({
      profiles: profiles(6),
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      concurrency: 2,
      signal: controller.signal,
      onEpisodeEnd: (trajectory) => {
        ended.push(trajectory);
        controller.abort();
      },
    });
    expect(result.aborted).toBe(true);
    expect(result.trajectories.map((trajectory) => trajectory.profileId)).toEqual(['p0']);
    expect(ended.map((trajectory) => trajectory.profileId)).toEqual(['p0']);
    expect(result.interrupted.map((trajectory) => trajectory.stopReason)).toEqual(['interrupted']);
    expect(result.interrupted[0]?.profileId).toBe('p1');
    expect(result.notStarted).toBe(4);
  });

  it('should stop a batched run cleanly when aborted during a batch call', async () => {
    const controller = new AbortController();
    const inner = createScriptedPolicy({ outputs: ['a'], maxBatchSize: 8, delayMs: 50 });
    const policy = {
      specificationVersion: 'v1' as const,
      policyId: inner.policyId,
      maxBatchSize: 8,
      doAct: (options: Parameters<typeof inner.doAct>[0]) => {
        // Abort while the second batched call (turn 2 of every episode) is in flight.
        if (inner.batchSizes.length === 1) setTimeout(() => controller.abort(), 5);
        return inner.doAct(options);
      },
    };
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'go on', delta: 0 }] });
    const result = await runRollouts({
      profiles: profiles(4),
      simulator,
      policy,
      concurrency: 4,
      signal: controller.signal,
    });
    expect(inner.batchSizes).toEqual([4, 4]);
    expect(result.trajectories).toHaveLength(0);
    expect(result.interrupted.map((trajectory) => trajectory.stopReason)).toEqual(Array(4).fill('interrupted'));
    expect(result.interrupted.every((trajectory) => trajectory.turns.length === 1)).toBe(true);
  });

  it('should let onEpisodeEnd append each trajectory to a results file as it ends', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rlver-env-')), 'results.jsonl');
    await runRollouts({
      profiles: profiles(3),
      simulator: goodbyeAfterProfileIndex,
      policy: createScriptedPolicy({ outputs: ['a'] }),
      onEpisodeEnd: (trajectory) => appendTrajectory(file, trajectory),
    });
    const { trajectories } = readTrajectories(file);
    // Appended in the order they ended: shorter dialogues first.
    expect(trajectories.map((trajectory) => trajectory.profileId)).toEqual(['p0', 'p1', 'p2']);
  });

  it('should time out a slow policy call and record the error', async () => {
    const result = await runRollouts({
      profiles: profiles(2),
      simulator: goodbyeAfterProfileIndex,
      policy: createScriptedPolicy({ outputs: ['a'], delayMs: 300 }),
      policyTimeoutMs: 20,
      maxRetries: 0,
    });
    expect(result.trajectories.map((trajectory) => trajectory.error?.name)).toEqual([
      'RLVER_CallTimeoutError',
      'RLVER_CallTimeoutError',
    ]);
  });

  it('should expand episodes into GRPO groups sharing one start per group', async () => {
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'bye', delta: 0, ended: 'goodbye' }] });
    const result = await runRollouts({
      profiles: profiles(2),
      seeds: [7, 8],
      groupSize: 3,
      simulator,
      policy: createScriptedPolicy({ outputs: ['a'], maxBatchSize: 8 }),
      concurrency: 6,
    });
    expect(simulator.calls.filter((call) => call.kind === 'start')).toHaveLength(2);
    expect(result.trajectories.map((trajectory) => trajectory.episodeId)).toEqual([
      'p0#7/0',
      'p0#7/1',
      'p0#7/2',
      'p1#8/0',
      'p1#8/1',
      'p1#8/2',
    ]);
  });

  it('should reject a concurrency below 1 with the field to change', async () => {
    await expect(
      runRollouts({
        profiles: profiles(1),
        simulator: goodbyeAfterProfileIndex,
        policy: createScriptedPolicy({ outputs: ['a'] }),
        concurrency: 0,
      }),
    ).rejects.toThrow(/concurrency is 0; set it to an integer ≥ 1/);
  });
});
