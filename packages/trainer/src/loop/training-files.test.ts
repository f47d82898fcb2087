import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedUserSimulator, createTestProfile, SCRIPTED_SETTINGS } from '@rlver/env/test';
import { type AlgorithmV1, type DialoguePolicyV1, parseJsonl } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveTrainConfig } from '../config/resolve-train-config';
import { runTraining } from './run-training';

// Kills and torn files, reproduced with real files in temporary folders: the states a kill -9 leaves behind.

/** A policy whose one weight counts updates, saved as JSON. */
function createCountingParts() {
  const weights = { w: 0 };
  const policy: DialoguePolicyV1 = {
    specificationVersion: 'v1',
    policyId: 'counting',
    maxBatchSize: 64,
    async doAct({ requests }) {
      return requests.map(() => ({
        text: 'warm words',
        finishReason: 'stop',
        promptTokenCount: 1,
        outputTokenCount: 2,
        latencyMs: 0,
      }));
    },
  };
  const algorithm: AlgorithmV1 = {
    specificationVersion: 'v1',
    algorithmId: 'counting',
    async doUpdate() {
      weights.w += 1;
      return { metrics: { 'counting/w': weights.w }, skipped: false, warnings: [] };
    },
    async saveState(directory: string) {
      mkdirSync(directory, { recursive: true });
      writeFileSync(join(directory, 'algorithm.json'), '{}');
    },
    async loadState() {},
  };
  return {
    policy,
    algorithm,
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

const simulator = createScriptedUserSimulator({
  settings: { ...SCRIPTED_SETTINGS['rlver-train'], maxPolicyTurns: 2 },
  turns: () => ({ message: 'go on', delta: 10 }),
});
const profiles = Array.from({ length: 3 }, (_, index) => createTestProfile({ id: `p${index}` }));

async function train(runDirectory: string, steps: number) {
  const parts = createCountingParts();
  const config = resolveTrainConfig({
    overrides: {
      preset: 'embedded',
      steps,
      profilesPerStep: 2,
      evaluate: false,
      checkpointEvery: 100,
      maxPolicyTurns: 2,
    },
  });
  const outcome = await runTraining({ config, runDirectory, simulator, trainProfiles: profiles, ...parts });
  return { outcome, weights: parts.weights };
}

const stepLine = z.object({ step: z.number() }).loose();
/** Steps of a JSONL log; throws (naming the file) on any bad line. */
const stepsOf = (file: string) =>
  parseJsonl(readFileSync(file, 'utf8'), stepLine, { file }).records.map((record) => record.value.step);

describe('runTraining: checkpoint promotion survives a kill between its renames', () => {
  /** Leave the folders as a kill between `latest` → `latest.old` and `latest.tmp` → `latest` does. */
  function killMidPromotion(runDirectory: string, options: { tmpComplete: boolean }) {
    const checkpoints = join(runDirectory, 'checkpoints');
    const latest = join(checkpoints, 'latest');
    cpSync(latest, `${latest}.tmp`, { recursive: true });
    const state = JSON.parse(readFileSync(join(latest, 'state.json'), 'utf8'));
    writeFileSync(
      join(`${latest}.tmp`, 'state.json'),
      JSON.stringify({ ...state, completedSteps: state.completedSteps + 1 }),
    );
    writeFileSync(join(`${latest}.tmp`, 'policy', 'w.json'), JSON.stringify({ w: state.completedSteps + 1 }));
    if (!options.tmpComplete) rmSync(join(`${latest}.tmp`, 'state.json'));
    renameSync(latest, `${latest}.old`);
  }

  it('should resume from the complete latest.tmp, never from step 0', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-kill-promote-'));
    await train(runDirectory, 2);
    killMidPromotion(runDirectory, { tmpComplete: true });
    const resumed = await train(runDirectory, 4);
    expect(resumed.outcome.resumedFrom).toBe(3);
    expect(resumed.weights.w).toBe(4);
    expect(existsSync(join(runDirectory, 'checkpoints', 'latest', 'state.json'))).toBe(true);
    expect(existsSync(join(runDirectory, 'checkpoints', 'latest.old'))).toBe(false);
  });

  it('should fall back to latest.old when latest.tmp is incomplete', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-kill-promote-'));
    await train(runDirectory, 2);
    killMidPromotion(runDirectory, { tmpComplete: false });
    const resumed = await train(runDirectory, 3);
    expect(resumed.outcome.resumedFrom).toBe(2);
    expect(resumed.weights.w).toBe(3);
  });
});

describe('runTraining: logs repaired on resume', () => {
  it('should cut a torn last line of metrics.jsonl and rollouts.jsonl before appending', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-torn-'));
    await train(runDirectory, 2);
    appendFileSync(join(runDirectory, 'metrics.jsonl'), '{"step":2,"rollout/rew');
    appendFileSync(join(runDirectory, 'rollouts.jsonl'), '{"step":2,"schemaVersion":1,"episo');
    await train(runDirectory, 3);
    expect(stepsOf(join(runDirectory, 'metrics.jsonl'))).toEqual([0, 1, 2]);
    expect(stepsOf(join(runDirectory, 'rollouts.jsonl'))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('should drop only a torn line inside the logs and keep the held steps after it', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-torn-middle-'));
    await train(runDirectory, 3);
    for (const name of ['metrics.jsonl', 'rollouts.jsonl']) {
      const file = join(runDirectory, name);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      // Line 2 torn by a kill, the next record appended after it (and, in rollouts, glued onto it).
      const torn = (lines[1] ?? '').slice(0, 30);
      const rest = lines.slice(1);
      const middle = name === 'metrics.jsonl' ? [torn, ...rest] : [`${torn}${rest[0]}`, ...rest];
      writeFileSync(file, `${[lines[0], ...middle].join('\n')}\n`);
    }
    await train(runDirectory, 4);
    expect(stepsOf(join(runDirectory, 'metrics.jsonl'))).toEqual([0, 1, 2, 3]);
    expect(stepsOf(join(runDirectory, 'rollouts.jsonl'))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('should not repeat the records of a step that is redone after a kill before its checkpoint', async () => {
    const runDirectory = mkdtempSync(join(tmpdir(), 'rlver-dup-'));
    await train(runDirectory, 3);
    // A kill after step 2 was logged but before its checkpoint: latest still says 2 steps done.
    const stateFile = join(runDirectory, 'checkpoints', 'latest', 'state.json');
    writeFileSync(stateFile, JSON.stringify({ ...JSON.parse(readFileSync(stateFile, 'utf8')), completedSteps: 2 }));
    const resumed = await train(runDirectory, 3);
    expect(resumed.outcome.resumedFrom).toBe(2);
    expect(stepsOf(join(runDirectory, 'metrics.jsonl'))).toEqual([0, 1, 2]);
    expect(stepsOf(join(runDirectory, 'rollouts.jsonl'))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('resolveTrainConfig: run id', () => {
  it('should refuse run ids that leave the runs folder or name it', () => {
    const flagNames = new Map([['runId', '--run-id']]);
    for (const runId of ['..', '.', 'a/b', '../x', '.hidden']) {
      expect(() => resolveTrainConfig({ overrides: { runId }, flagNames })).toThrow(/--run-id/);
    }
    expect(resolveTrainConfig({ overrides: { runId: 'embedded-grpo-s0.v2' } }).runId).toBe('embedded-grpo-s0.v2');
  });
});
