import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedUserSimulator, createTestProfile, SCRIPTED_SETTINGS } from '@rlver/env/test';
import { REPLY_MONITOR_TERMS } from '@rlver/reward';
import {
  type AlgorithmUpdateResult,
  type AlgorithmV1,
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  InvalidInputError,
  type PolicyOutput,
  parseJsonl,
} from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveTrainConfig } from '../config/resolve-train-config';
import { runTraining, TooManyFailedEpisodesError, TrainingDivergedError } from './run-training';

/**
 * A one-parameter "policy": it says "warm" with probability sigmoid(w), else "cold", sampling from a seed derived
 * from the call's sampling seed and the prompt (so outputs do not depend on batch composition).
 */
function createCoinPolicy(texts = { warm: 'warm words', cold: 'cold facts' }) {
  const weights = { w: 0 };
  const policy: DialoguePolicyV1 = {
    specificationVersion: 'v1',
    policyId: 'coin',
    maxBatchSize: 64,
    async doAct({ requests, sampling }) {
      return requests.map((request): PolicyOutput => {
        const rng = createRng(hashSeed(sampling?.seed ?? 0, JSON.stringify(request.messages)));
        const warm = rng.next() < 1 / (1 + Math.exp(-weights.w));
        return {
          text: warm ? texts.warm : texts.cold,
          finishReason: 'stop',
          promptTokenCount: 1,
          outputTokenCount: 2,
          latencyMs: 0,
        };
      });
    },
  };
  return {
    policy,
    weights,
    async savePolicy(directory: string) {
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, 'w.json'), JSON.stringify(weights));
    },
    async loadPolicy(directory: string) {
      weights.w = z.object({ w: z.number() }).parse(JSON.parse(readFileSync(join(directory, 'w.json'), 'utf8'))).w;
    },
  };
}

/** A bandit-style algorithm: w += lr × (mean reward of warm − mean reward of cold), state = step count. */
function createCoinAlgorithm(
  weights: { w: number },
  options: { skipAlways?: boolean } = {},
): AlgorithmV1 & { updates: number } {
  const algorithm = {
    specificationVersion: 'v1' as const,
    algorithmId: 'coin',
    updates: 0,
    async doUpdate({
      trajectories,
    }: {
      trajectories: { reward: number; turns: { reply: string }[] }[];
    }): Promise<AlgorithmUpdateResult> {
      if (options.skipAlways) return { metrics: {}, skipped: true, warnings: ['non-finite loss'] };
      const warm = trajectories.filter((trajectory) => trajectory.turns[0]?.reply.startsWith('warm'));
      const cold = trajectories.filter((trajectory) => !trajectory.turns[0]?.reply.startsWith('warm'));
      const meanOf = (list: { reward: number }[]) =>
        list.length ? list.reduce((sum, item) => sum + item.reward, 0) / list.length : 0;
      weights.w += 2 * (meanOf(warm) - meanOf(cold));
      algorithm.updates += 1;
      return { metrics: { 'coin/w': weights.w }, skipped: false, warnings: [] };
    },
    async saveState(directory: string) {
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, 'algorithm.json'), JSON.stringify({ updates: algorithm.updates }));
    },
    async loadState(directory: string) {
      algorithm.updates = z
        .object({ updates: z.number() })
        .parse(JSON.parse(readFileSync(join(directory, 'algorithm.json'), 'utf8'))).updates;
    },
  };
  return algorithm;
}

const simulator = createScriptedUserSimulator({
  settings: { ...SCRIPTED_SETTINGS['rlver-train'], maxPolicyTurns: 2 },
  turns: (reply) => ({ message: 'go on', delta: reply.startsWith('warm') ? 20 : -10 }),
});
const profiles = Array.from({ length: 6 }, (_, index) => createTestProfile({ id: `p${index}` }));

async function train(runDirectory: string, steps: number, options: { skipAlways?: boolean } = {}) {
  const coin = createCoinPolicy();
  const algorithm = createCoinAlgorithm(coin.weights, options);
  const config = resolveTrainConfig({
    overrides: {
      preset: 'embedded',
      steps,
      profilesPerStep: 8,
      evaluate: false,
      checkpointEvery: 2,
      maxPolicyTurns: 2,
    },
  });
  const outcome = await runTraining({
    config,
    runDirectory,
    algorithm,
    simulator,
    trainProfiles: profiles,
    ...coin,
  });
  return { outcome, weights: coin.weights, algorithm };
}

const metricsLineSchema = z.object({ step: z.number(), 'rollout/emotion_final': z.number() }).loose();
function readMetrics(runDirectory: string) {
  return parseJsonl(readFileSync(join(runDirectory, 'metrics.jsonl'), 'utf8'), metricsLineSchema).records.map(
    (record) => record.value,
  );
}

describe('runTraining', () => {
  it('should improve the reward over steps and write metrics and checkpoints', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-train-'));
    const { outcome, weights } = await train(runDirectory, 6);
    expect(outcome.completedSteps).toBe(6);
    expect(weights.w).toBeGreaterThan(0.5);
    const metrics = readMetrics(runDirectory);
    expect(metrics.map((line) => line.step)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(metrics[5]?.['rollout/emotion_final']).toBeGreaterThan(metrics[0]?.['rollout/emotion_final'] ?? 0);
    // Every step logs every rubric term and every reply monitor.
    const rubricKeys = [
      'reward/final_emotion',
      'reward/empty_reply',
      ...REPLY_MONITOR_TERMS.map((term) => `monitor/${term.name}`),
    ];
    for (const line of metrics) {
      for (const key of rubricKeys) expect(typeof line[key], `${key} at step ${line.step}`).toBe('number');
    }
    // "cold facts" / "warm words" end without a sentence mark: every reply is cut off.
    expect(metrics[0]?.['monitor/degenerate_cut_off_fraction']).toBe(1);
    expect(existsSync(join(runDirectory, 'checkpoints', 'step-00002', 'policy', 'w.json'))).toBe(true);
    expect(existsSync(join(runDirectory, 'checkpoints', 'latest', 'state.json'))).toBe(true);
  });

  it('should resume from the latest checkpoint and end where an uninterrupted run ends', async () => {
    const uninterrupted = mkdtempSync(join(tmpdir(), 'rlver-train-'));
    const full = await train(uninterrupted, 5);
    const resumed = mkdtempSync(join(tmpdir(), 'rlver-train-'));
    await train(resumed, 2);
    const second = await train(resumed, 5);
    expect(second.outcome.resumedFrom).toBe(2);
    expect(second.algorithm.updates).toBe(5);
    expect(second.weights.w).toBe(full.weights.w);
    // Timing metrics differ between runs; everything else must match exactly.
    const withoutTiming = (line: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(line).filter(([key]) => !key.startsWith('perf/') && !key.includes('latency')));
    const tail = (directory: string) =>
      readMetrics(directory)
        .filter((line) => line.step >= 2)
        .map(withoutTiming);
    expect(tail(resumed)).toEqual(tail(uninterrupted).map((line) => ({ ...line, resumed: line.step === 2 })));
    expect(tail(resumed)).toHaveLength(3);
  });

  it('should stop with a clear error after k consecutive skipped updates', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-train-'));
    await expect(train(runDirectory, 10, { skipAlways: true })).rejects.toBeInstanceOf(TrainingDivergedError);
    expect(readMetrics(runDirectory)).toHaveLength(3);
  });

  it('should stop when too many dialogues fail, naming the first error', async () => {
    const failing = createScriptedUserSimulator({ turns: [{ message: '', delta: 0, error: 'endpoint down' }] });
    const coin = createCoinPolicy();
    const config = resolveTrainConfig({
      overrides: { preset: 'embedded', steps: 2, profilesPerStep: 4, evaluate: false },
    });
    await expect(
      runTraining({
        config,
        runDirectory: mkdtempSync(join(tmpdir(), 'rlver-train-')),
        algorithm: createCoinAlgorithm(coin.weights),
        simulator: failing,
        trainProfiles: profiles,
        ...coin,
      }),
    ).rejects.toSatisfy(
      (error: unknown) =>
        TooManyFailedEpisodesError.isInstance(error) && /endpoint down/.test((error as Error).message),
    );
  });

  it('should stop when replies degrade while the reward rises, and not train on when resumed', async () => {
    // The reward pays for a reply that is one word said over and over: the policy learns it (reward hacking).
    const texts = { warm: 'warm warm warm warm warm warm warm warm.', cold: 'Cold facts, plainly put.' };
    const run = async (runDirectory: string, degenerationStop: { window: number; maxRise: number } | null) => {
      const coin = createCoinPolicy(texts);
      const config = resolveTrainConfig({
        overrides: {
          preset: 'embedded',
          steps: 12,
          profilesPerStep: 8,
          evaluate: false,
          checkpointEvery: 4,
          degenerationStop,
        },
      });
      const algorithm = createCoinAlgorithm(coin.weights);
      const outcome = await runTraining({
        config,
        runDirectory,
        algorithm,
        simulator,
        trainProfiles: profiles,
        ...coin,
      });
      return { outcome, algorithm };
    };
    const guarded = mkdtempSync(join(tmpdir(), 'rlver-train-'));
    const { outcome } = await run(guarded, { window: 2, maxRise: 0.1 });
    const fractions = readMetrics(guarded).map((line) => Number(line['monitor/degenerate_fraction']));
    expect(outcome.stoppedEarly).toBeDefined();
    expect(outcome.completedSteps).toBeLessThan(12);
    expect(outcome.completedSteps).toBe(fractions.length);
    expect(outcome.stoppedEarly?.recent).toBeGreaterThan((outcome.stoppedEarly?.baseline ?? 1) + 0.1);
    const stateFile = join(guarded, 'checkpoints', 'latest', 'state.json');
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).stoppedEarly.step).toBe(outcome.completedSteps - 1);
    // A resume keeps the stop: no further step runs.
    const resumed = await run(guarded, { window: 2, maxRise: 0.1 });
    expect(resumed.algorithm.updates).toBe(outcome.completedSteps);
    expect(resumed.outcome.stoppedEarly).toEqual(outcome.stoppedEarly);
    expect(readMetrics(guarded)).toHaveLength(outcome.completedSteps);
    // Without the guard the same run trains every step.
    const unguarded = await run(mkdtempSync(join(tmpdir(), 'rlver-train-')), null);
    expect(unguarded.outcome.completedSteps).toBe(12);
    expect(unguarded.outcome.stoppedEarly).toBeUndefined();
  });

  it('should name a budget problem as a setting, not blame the endpoint', async () => {
    const coin = createCoinPolicy();
    // What the tfjs policy throws when the prompt cannot fit (tfjs-dialogue-policy.ts), for every dialogue.
    const overBudget: DialoguePolicyV1 = {
      ...coin.policy,
      async doAct() {
        throw new InvalidInputError({
          field: 'maxContextTokens',
          message:
            'the system prompt and last message alone take 812 tokens, more than the 0 left for the prompt; raise maxContextTokens or lower maxNewTokens.',
        });
      },
    };
    const config = resolveTrainConfig({
      overrides: { preset: 'embedded', steps: 1, profilesPerStep: 4, evaluate: false },
    });
    const error = await runTraining({
      config,
      runDirectory: mkdtempSync(join(tmpdir(), 'rlver-train-')),
      algorithm: createCoinAlgorithm(coin.weights),
      simulator: createScriptedUserSimulator({ turns: [{ message: 'hi', delta: 0 }] }),
      trainProfiles: profiles,
      ...coin,
      policy: overBudget,
    }).then(
      () => new Error('training succeeded'),
      (caught: unknown) => caught as Error,
    );
    expect(TooManyFailedEpisodesError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/4 of 4 dialogues failed: 4 × RLVER_InvalidInputError/);
    expect(error.message).toMatch(/raise maxContextTokens or lower maxNewTokens/);
    expect(error.message).toMatch(/This is a setting, not the endpoint/);
    expect(error.message).not.toMatch(/Check the simulator endpoint/);
  });
});
